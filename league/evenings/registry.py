"""What the evenings register with the apps below them, once the models are loaded
(``EveningsConfig.ready``): an evening as the owner of its tables' lists (``owner``) —
the link back, the club's managers, a members-only club's readers, the list index's
filter (``league.lists.owners``) — and the evenings' sections of the club's page
(``league.clubs.page``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from league.clubs import page
from league.evenings.club_page import SECTIONS
from league.evenings.owner import owner_kind
from league.evenings.selectors import (
    evening_choices,
    evening_lists,
    evening_lists_closed_to,
    evening_lists_owned,
)
from league.lists import owners


def register() -> None:
    owners.register_kind(owner_kind())
    owners.register_visibility(
        owners.OwnerVisibility(owned=evening_lists_owned, closed_to=evening_lists_closed_to)
    )
    owners.register_filter(
        owners.OwnerFilter(
            param="abend",
            label=_("Vereinsabend"),
            choices=evening_choices,
            lists_of=evening_lists,
        )
    )
    for section in SECTIONS:
        page.register_section(section)
