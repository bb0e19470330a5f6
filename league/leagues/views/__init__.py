"""League pages: thin views, one per action, over ``league.leagues.selectors`` (reads) and
``league.leagues.services`` (writes); every permission through ``league.leagues.access``.

One module per sub-domain, addressed by module in ``league/leagues/urls.py``:

- ``league``: the league, its table and exports, the organiser's page, teams, Spieltage,
  line-ups, results from paper;
- ``season``: the Termine page, setting date and place, calendar feeds (``calendar`` writes
  them), the captains' reports, availability, the line-up deadline, the reminder switch;
- ``moves``: requests to move a Spieltag.
"""
