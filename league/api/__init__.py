"""REST API v1 (shared/spec/api.md), Django REST framework, documented with drf-spectacular
at /api/schema/ and /api/docs/ (offline).

Reads from the apps' selectors, writes through their services, permissions from
``league.lists.access`` and ``league.tournaments.access``; every refusal in one shape
(``league.api.errors``). Shapes of games, results and rounds are those of the CLI
(scoring.interchange), so tools can switch between the two.
"""
