"""PDF builders (reportlab). Each returns the document as bytes."""

from django.http import HttpResponse


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Show a built PDF in the browser (inline), with a sensible file name."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
