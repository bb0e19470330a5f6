"""How ranking figures read: the averages' presenters live in ``league.core.averages``
(club seasons, below the rankings, show them too); re-exported for the callers here."""

from league.core.averages import average_number, average_text

__all__ = ["average_number", "average_text"]
