"""What an invitation grants, by kind: the apps that own the role register it (in their
``AppConfig.ready``), so accounts knows no tournament and no club."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User

from league.core.audit import Actor


@dataclass(frozen=True)
class InvitationKind:
    describe: Callable[[int, int | None], str]  # (target, player) -> "Turnierleitung von X"
    accept: Callable[[User, int, int | None, Actor], str]  # grants the role; returns a URL


_kinds: dict[str, InvitationKind] = {}


def register(kind: str, handler: InvitationKind) -> None:
    _kinds[kind] = handler


def kind_of(kind: str) -> InvitationKind:
    return _kinds[kind]
