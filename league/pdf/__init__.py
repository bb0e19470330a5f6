"""PDF builders (reportlab). Each returns the document as bytes."""
