import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, connections
from django.urls import reverse

from league.clubs.models import Club, Player
from league.core.errors import ServiceError
from league.core.models import AuditEntry
from league.tournaments import services as ts
from league.tournaments.csv_import import LIMITS, parse_participants
from league.tournaments.models import Participant
from tests.tournaments.helpers import make_tournament


def test_bom_semicolon_umlauts_and_header_in_any_order():
    data = "\ufeffVerein;Name;DDV-Nummer\nHerz-Dame Köln;Jürgen Fuß;12345\n;Bärbel Öz;\n"
    preview = parse_participants(data.encode("utf-8"))
    assert preview.issues == ()
    assert preview.warnings == ()
    assert (preview.encoding, preview.delimiter) == ("UTF-8", ";")
    assert [(r.name, r.club, r.ddv_number) for r in preview.rows] == [
        ("Jürgen Fuß", "Herz-Dame Köln", "12345"),
        ("Bärbel Öz", "", ""),
    ]


def test_comma_without_header():
    preview = parse_participants(b"Anna,Club A,1\nBernd,Club B,2\n")
    assert [r.name for r in preview.rows] == ["Anna", "Bernd"]
    assert preview.rows[1].line == 2
    assert preview.delimiter == ","


def test_duplicates_and_bad_rows_reported_by_line():
    data = (
        "Name,Verein,DDV-Nummer\n"
        "Anna,A,100\n"
        ",A,101\n"
        "Bernd,B,100\n"
        "anna,a,\n"
        "Carla,C,12 34\n"
        "\n"
        "Dieter,D,\n"
    )
    preview = parse_participants(data.encode())
    assert [r.name for r in preview.rows] == ["Anna", "Dieter"]
    assert [(i.line, i.message[:20]) for i in preview.issues] == [
        (3, "Der Name fehlt."),
        (4, "DDV-Nummer 100 steht"),
        (5, "anna (a) steht schon"),
        (6, "„12 34“ ist keine gü"),
    ]
    assert preview.rows[1].line == 8


def test_windows_1252_as_german_excel_saves_it():
    data = "Name;Verein;DDV-Nummer\r\nJürgen Fuß;Köln-Mülheim;7\r\nÖzlem Weiß;;\r\n"
    preview = parse_participants(data.encode("cp1252"))
    assert preview.issues == ()
    assert (preview.encoding, preview.delimiter) == ("Windows-1252", ";")
    assert [(r.name, r.club) for r in preview.rows] == [
        ("Jürgen Fuß", "Köln-Mülheim"),
        ("Özlem Weiß", ""),
    ]


def test_utf16_and_first_and_last_name_columns():
    data = "Vorname\tNachname\tVerein\nJörg\tWeiß\tA\n".encode("utf-16")
    preview = parse_participants(data)
    assert (preview.encoding, preview.delimiter) == ("UTF-16", "\t")
    assert [(r.name, r.club) for r in preview.rows] == [("Jörg Weiß", "A")]


def test_semicolon_file_keeps_commas_inside_names():
    preview = parse_participants("Name;Verein\nMüller, Hans;A, B\n".encode())
    assert [(r.name, r.club) for r in preview.rows] == [("Müller, Hans", "A, B")]


def test_extra_columns_are_named_in_a_warning():
    data = "Platz;Name;Verein;Runden;R1;Punkte\n1;Anna;A;1;12;12\n"
    preview = parse_participants(data.encode())
    assert [r.name for r in preview.rows] == ["Anna"]
    assert [w.message for w in preview.warnings] == [
        "Diese Spalten werden nicht übernommen: Platz, Runden, R1, Punkte."
    ]
    headerless = parse_participants(b"Anna;A;1;x\nBernd;B;2;\n")
    assert [w.message for w in headerless.warnings] == [
        "Diese Spalten werden nicht übernommen: Spalte 4."
    ]
    # An empty trailing column (a trailing separator) is nothing to warn about.
    assert parse_participants(b"Name;Verein;\nAnna;A;\n").warnings == ()


@pytest.mark.parametrize("data", [b"", b"\n\n", b"\xef\xbb\xbf", b"Name;Verein;DDV-Nummer\r\n"])
def test_empty_or_header_only_says_no_rows(data):
    preview = parse_participants(data)
    assert preview.rows == ()
    assert "keine zeilen" in preview.issues[0].message.casefold()


def test_a_nul_byte_refuses_the_file_naming_the_line():
    preview = parse_participants(b"Name;Verein\nAnna;A\nBe\x00rnd;B\nCarla;C\n")
    assert preview.rows == ()
    assert preview.issues[0].message.startswith("Zeile 3 enthält ein NUL-Zeichen")


def test_fields_longer_than_their_columns_are_refused_by_line():
    name_max, club_max = LIMITS["name"], LIMITS["club"]
    data = (
        "Name;Verein\n"
        f"{'N' * name_max};A\n"
        f"{'N' * (name_max + 1)};A\n"
        f"Bernd;{'V' * (club_max + 1)}\n"
        f"Carla;B\n"
    )
    preview = parse_participants(data.encode())
    assert [r.line for r in preview.rows] == [2, 5]
    assert [(i.line, i.message) for i in preview.issues] == [
        (3, f"Name ist länger als {name_max} Zeichen ({name_max + 1})."),
        (4, f"Verein ist länger als {club_max} Zeichen ({club_max + 1})."),
    ]


def test_a_field_beyond_the_csv_readers_limit_is_a_clear_error():
    data = b'Name;Verein\nAnna;A\n"' + b"x" * 200_000 + b'";B\n'
    preview = parse_participants(data)
    assert preview.rows == ()
    assert preview.issues[0].message.startswith("Zeile 3 ist nicht lesbar")


def test_undecodable_bytes_are_a_clear_error():
    preview = parse_participants(b"Name\n\x81\x8d\x8f\n")
    assert preview.rows == ()
    assert "Windows-1252" in preview.issues[0].message


# --- the import itself ------------------------------------------------------------------


def _csv(count, start=0):
    lines = ["Name;Verein;DDV-Nummer"] + [
        f"Spieler Nachname{i:05d};Verein {i % 60};{100000 + i if i % 2 else ''}"
        for i in range(start, start + count)
    ]
    return ("\n".join(lines) + "\n").encode("cp1252")


@pytest.mark.django_db
def test_five_thousand_lines_import_in_one_go():
    t = make_tournament(2)
    preview = parse_participants(_csv(5000))
    assert len(preview.rows) == 5000
    added, refused = ts.participants_import(tournament=t, rows=preview.rows)
    assert (len(added), refused) == (5000, [])
    numbers = list(Participant.objects.filter(tournament=t).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, 5003))
    assert Club.objects.filter(name__startswith="Verein ").count() == 60
    assert Player.objects.filter(name__startswith="Spieler Nachname").count() == 5000
    entries = AuditEntry.objects.filter(action="import", target="tournaments.tournament")
    assert [e.after for e in entries] == [
        {
            "participants": 5000,
            "numbers": [3, 5002],
            "players_created": 5000,
            "clubs_created": 60,
            "refused": 0,
        }
    ]
    # The same people in another tournament: found by DDV number or name and club.
    other = make_tournament(0)
    added, _ = ts.participants_import(tournament=other, rows=preview.rows)
    assert len(added) == 5000
    assert Player.objects.filter(name__startswith="Spieler Nachname").count() == 5000


@pytest.mark.django_db
def test_already_registered_lines_are_refused_by_line_the_rest_registered():
    t = make_tournament(0)
    ts.participant_add(tournament=t, name="Anna", club_name="A")
    ts.participant_add(tournament=t, name="Eva", ddv_number="777")
    data = b"Name;Verein;DDV-Nummer\nAnna;A;\nEva E.;;777\nBernd;B;\n"
    added, refused = ts.participants_import(tournament=t, rows=parse_participants(data).rows)
    assert [(p.player.name, p.number) for p in added] == [("Bernd", 3)]
    assert [e.message for e in refused] == [
        "Zeile 2: Anna ist schon angemeldet.",
        "Zeile 3: Eva ist schon angemeldet.",
    ]


@pytest.mark.django_db
def test_a_conflicting_concurrent_write_leaves_nothing_written(monkeypatch):
    t = make_tournament(0)
    rows = parse_participants(_csv(50)).rows

    def clash(*args, **kwargs):
        raise IntegrityError("duplicate key value violates unique constraint")

    monkeypatch.setattr(Participant.objects, "bulk_create", clash)
    with pytest.raises(ServiceError) as exc:
        ts.participants_import(tournament=t, rows=rows)
    assert exc.value.code == "import_conflict"
    assert not Participant.objects.filter(tournament=t).exists()
    assert not Player.objects.filter(name__startswith="Spieler Nachname").exists()
    assert not Club.objects.filter(name__startswith="Verein ").exists()
    assert not AuditEntry.objects.filter(action="import").exists()


@pytest.mark.django_db
def test_a_duplicate_that_reaches_the_database_is_already_registered(monkeypatch):
    """The check-then-insert raced (simulated: the check sees nothing): the unique
    constraint refuses and the caller reads "already registered", not a 500."""
    t = make_tournament(0)
    ts.participant_add(tournament=t, name="Eva", ddv_number="777")
    monkeypatch.setattr("django.db.models.query.QuerySet.exists", lambda self: False)
    with pytest.raises(ServiceError) as exc:
        ts.participant_add(tournament=t, name="Eva", ddv_number="777")
    assert exc.value.code == "already_registered"
    assert Participant.objects.filter(tournament=t).count() == 1


@pytest.mark.django_db
def test_a_start_number_taken_meanwhile_is_drawn_again(monkeypatch):
    """Another registration took the number between reading the highest and inserting
    (simulated: the first read is stale): the next number is taken, nobody is refused."""
    from django.db.models.query import QuerySet

    t = make_tournament(0)
    ts.participant_add(tournament=t, name="Anna")
    real, stale = QuerySet.aggregate, [{"m": 0}]
    monkeypatch.setattr(
        QuerySet, "aggregate", lambda self, *a, **kw: stale.pop() if stale else real(self, *a, **kw)
    )
    bernd = ts.participant_add(tournament=t, name="Bernd")
    assert bernd.number == 2
    assert stale == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks race on PostgreSQL")
def test_two_devices_registering_at_once_give_one_participant_and_a_clear_refusal():
    t = make_tournament(0)
    for attempt in range(8):
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def register(attempt=attempt, barrier=barrier, outcomes=outcomes):
            try:
                barrier.wait()
                ts.participant_add(
                    tournament=t, name=f"Zoe {attempt}", club_name="Neu", ddv_number=f"9{attempt}"
                )
                outcomes.append("ok")
            except ServiceError as err:
                outcomes.append(err.code)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=register) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(outcomes) == ["already_registered", "ok"]
    numbers = list(Participant.objects.filter(tournament=t).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, 9))


# --- the pages ------------------------------------------------------------------------------


@pytest.fixture
def organiser(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("org", password="pw", is_staff=True))
    return client


@pytest.mark.django_db
def test_preview_names_encoding_warnings_and_refusals_then_registers(organiser):
    t = make_tournament(0)
    url = reverse("participants-import", args=[t.pk])
    content = "Platz;Name;Verein\n1;Jürgen Fuß;Köln\n2;;x\n".encode("cp1252")
    html = organiser.post(url, {"file": SimpleUploadedFile("t.csv", content)}).content.decode()
    assert "Erkannt: Windows-1252, Trennzeichen „;“." in html
    assert "Diese Spalten werden nicht übernommen: Platz." in html
    assert 'data-issue-line="3"' in html
    token = html.split('name="token" value="')[1].split('"')[0]
    organiser.post(url, {"confirm": "1", "token": token})
    assert [p.player.name for p in Participant.objects.filter(tournament=t)] == ["Jürgen Fuß"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "text"),
    [
        (b"Name;Verein\nAn\x00na;A\n", "Zeile 2 enthält ein NUL-Zeichen"),
        (b"Name;Verein\n", "Keine Zeilen"),
        (("Name\n" + "x" * 200 + "\n").encode(), "Zeile 2: Name ist länger als 80 Zeichen"),
    ],
)
def test_bad_files_never_500_and_write_nothing(organiser, content, text):
    t = make_tournament(0)
    url = reverse("participants-import", args=[t.pk])
    response = organiser.post(url, {"file": SimpleUploadedFile("t.csv", content)})
    assert response.status_code == 200
    assert text in response.content.decode()
    assert "Diese Teilnehmer anmelden" not in response.content.decode()
    assert not Participant.objects.filter(tournament=t).exists()
