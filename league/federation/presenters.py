"""A try's outcome as a sentence for the pages (the codes in league/core/messages.py)."""

from __future__ import annotations

from league.core.messages import render
from league.federation.models import Problem, SiteLink
from league.federation.services import PAGE_TIMEOUT


def problem_sentence(problem: str, status: int, note: str) -> str:
    """Why a try did not work, said plainly ("" when it worked)."""
    if problem == Problem.REFUSED:
        return render("federation_refused", {"status": status, "message": note})
    if problem == Problem.TIMEOUT:
        return render("federation_timeout", {"seconds": int(PAGE_TIMEOUT)})
    if problem == Problem.UNREACHABLE:
        return render("federation_unreachable", {"reason": note})
    return ""


def register_problem(link: SiteLink) -> str:
    """Why the last register fetch did not work ("" when it did, or none was tried)."""
    return problem_sentence(link.register_problem, link.register_status, link.register_note)
