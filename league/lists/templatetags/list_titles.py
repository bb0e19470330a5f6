"""``{{ liste.title|shown_title }}``: a list's stored title in the reader's language."""

from __future__ import annotations

from django import template

from league.lists.titles import shown_title as _shown_title

register = template.Library()


@register.filter
def shown_title(title: str) -> str:
    return _shown_title(str(title))
