"""Search folding: letters Unicode does not decompose ("Søren" is found as "Soren")."""

from league.core.text import fold, name_matches


def test_letters_without_decomposition():
    assert name_matches("Soren", "Søren Kierkegaard")
    assert name_matches("lukasz", "Łukasz Nowak")
    assert fold("Ærø") == fold("aero")
    assert not name_matches("Sven", "Søren")
