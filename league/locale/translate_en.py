"""Fill league/locale/en from this table, then compile: ``python league/locale/translate_en.py``.

German is the source language; the Doppelkopf terms (Re, Kontra, Augen, Pflichtsolo,
Vorführung, Hochzeit, Doppelkopf, Fuchs, Karlchen) are kept as English-speaking players
use them. Needs polib (``pip install polib``) only when run.
"""

from pathlib import Path

import polib

EN = {
    "Rechner": "Calculator",
    "Spiellisten": "Score sheets",
    "Abmelden": "Log out",
    "Anmelden": "Log in",
    "Wertung nach den DDV-Turnierspielregeln (TSR), Stand 21.02.2026.": "Scoring by the DDV tournament rules (TSR), as of 21 Feb 2026.",
    "Spielrechner": "Game calculator",
    "Ein Spiel eingeben und sofort sehen, wer gewinnt und wie viele Punkte jeder erhält – "
    "nach TSR 7, Posten für Posten. Es wird nichts gespeichert.": "Enter a game and see at once who wins and how many points everybody gets – by "
    "TSR 7, item by item. Nothing is saved.",
    "Berechnen": "Calculate",
    "Spiel": "Game",
    "vorher": "before",
    "nachher": "after",
    "Keine Änderungen.": "No changes.",
    "So nicht möglich:": "Not allowed:",
    "Nr.": "No.",
    "Geber": "Dealer",
    "Art": "Type",
    "Strafzeile nach Spiel": "Penalty row after game",
    "berichtigen": "correct",
    "Pflichtsolo": "Pflichtsolo (compulsory solo)",
    "Vorführung": "Vorführung (forced solo)",
    "sitzt aus": "sits out",
    "Quersumme 0, Gerade-Ungerade-Regel erfüllt": "Row sums to 0, even/odd rule holds",
    "Prüfung fehlgeschlagen": "Check failed",
    "Strafzeile löschen": "Delete penalty row",
    "Noch kein Spiel eingetragen.": "No game entered yet.",
    "Stand": "Score",
    "Neue Spielliste": "New score sheet",
    "Die Spieler in Sitzreihenfolge (im Uhrzeigersinn). Position 1 gibt das erste Spiel; "
    "Position 4 – am Fünfertisch 5 – führt die Liste (TSR 3.1.1, 10.1.4).": "Players in seating order (clockwise). Position 1 deals the first game; position 4 "
    "– 5 at a five-player table – keeps the sheet (TSR 3.1.1, 10.1.4).",
    "Liste anlegen": "Create sheet",
    "Listenführer": "Scorekeeper",
    "Die gespeicherte Liste besteht die Prüfung nicht mehr:": "The stored sheet no longer passes the checks:",
    "Nächstes: Spiel %(n)s": "Next: game %(n)s",
    "Vorführung für %(who)s": "Forced solo for %(who)s",
    "Pflichtsolo fehlt": "Pflichtsolo missing",
    "Zeit abgelaufen": "Time is up",
    "Runde vollständig.": "Round complete.",
    "Endstand unten; die Liste kann als PDF gedruckt werden.": "Final score below; the sheet can be printed as PDF.",
    "Spiel %(n)s eintragen": "Enter game %(n)s",
    "Spiel speichern": "Save game",
    "Anmelden, um Spiele einzutragen": "Log in to enter games",
    "Liste": "Sheet",
    "Pflichtsoli": "Pflichtsoli",
    "Spieler": "Player",
    "Solo": "Solo",
    "Punkte": "Points",
    "fehlt": "missing",
    "Aktionen": "Actions",
    "PDF der Liste": "Sheet as PDF",
    "Leere Liste (PDF)": "Blank sheet (PDF)",
    "Änderungsverlauf": "Change history",
    "Spiel %(n)s löschen": "Delete game %(n)s",
    "Zeitansage zurücknehmen": "Withdraw time call",
    "Strafzeile eintragen (Schiedsrichter)": "Enter penalty row (referee)",
    "Strafzeile speichern": "Save penalty row",
    "Spiel %(number)s berichtigen": "Correct game %(number)s",
    "Die ganze Liste wird danach neu geprüft. Wird ein späteres Spiel dadurch ungültig, "
    "wird die Berichtigung abgelehnt.": "The whole sheet is checked again afterwards. If a later game becomes invalid, the "
    "correction is refused.",
    "Berichtigung speichern": "Save correction",
    "Anmelden zum Berichtigen": "Log in to correct",
    "Bisher": "So far",
    "Verlauf dieses Spiels": "History of this game",
    "Neue Liste (Clubabend, freies Spiel)": "New sheet (club evening, free play)",
    "vollständig": "complete",
    "%(n)s Spiele gespielt": "%(n)s games played",
    "Noch keine Liste.": "No sheet yet.",
    "Mitspieler": "Players",
    "(antippen)": "(tap)",
    "Kontra hat den Rest bis 240.": "Kontra has the rest up to 240.",
    "Ansagen und Absagen": "Announcements",
    "Sonderpunkte (nur Normalspiel)": "Extra points (normal games only)",
    "weniger": "less",
    "mehr": "more",
    "Re gewinnt": "Re wins",
    "Kontra gewinnt": "Kontra wins",
    "Keine Partei gewinnt (7.1.3)": "Nobody wins (7.1.3)",
    "Posten": "Item",
    "Partei": "Party",
    "Keine Punkte: Nullspiel.": "No points: a zero game.",
    "Re − Kontra": "Re − Kontra",
    "Solo: der Solospieler erhält das Dreifache, jeder Gegenspieler den einfachen Wert.": "Solo: the soloist gets three times the value, each opponent the single value.",
    "Die Eingabe ist noch nicht vollständig oder widersprüchlich – siehe die markierten "
    "Felder.": "The entry is incomplete or contradictory – see the marked fields.",
    "Benutzername oder Passwort stimmt nicht.": "Wrong user name or password.",
    "Benutzername": "User name",
    "Passwort": "Password",
    "Normalspiel": "Normal game",
    "Hochzeit": "Hochzeit (marriage)",
    "Stille Hochzeit": "Silent Hochzeit",
    "Damensolo": "Queens solo",
    "Bubensolo": "Jacks solo",
    "Fleischloser": "Aces solo (Fleischloser)",
    "Kreuzsolo": "Clubs solo",
    "Piksolo": "Spades solo",
    "Herzsolo": "Hearts solo",
    "Karosolo": "Diamonds solo",
    "angesagt": "announced",
    "keine 90": "no 90",
    "keine 60": "no 60",
    "keine 30": "no 30",
    "schwarz": "schwarz (no trick)",
    "Spielart": "Game type",
    "Soloart": "Solo type",
    "Re-Partei": "Re party",
    "Augen der Re-Partei": "Re party's Augen (card points)",
    "Schwarz (ohne Stich)": "Schwarz (took no trick)",
    "Ansage Re": "Re announced",
    "Ansage Kontra": "Kontra announced",
    "Doppelkopf Re": "Doppelkopf Re",
    "Doppelkopf Kontra": "Doppelkopf Kontra",
    "Fuchs gefangen Re": "Fox caught by Re",
    "Fuchs gefangen Kontra": "Fox caught by Kontra",
    "Karlchen": "Karlchen",
    "Spieler %(n)d": "Player %(n)d",
    "Titel": "Title",
    "Clubabend": "Club evening",
    "Position 1 (gibt zuerst)": "Position 1 (deals first)",
    "Position 2": "Position 2",
    "Position 3": "Position 3",
    "Position 4": "Position 4",
    "Position 5 (nur Fünfertisch)": "Position 5 (five-player table only)",
    "Position 4 (beim Fünfertisch 5)": "Position 4 (5 at a five-player table)",
    "Jeder Spieler darf nur einmal am Tisch sitzen.": "Each player can take only one seat.",
    "Diese Position ist nicht besetzt.": "Nobody sits at this position.",
    "Geringfügig (9.3.2): Verursacher −3, Mitspieler je +1": "Minor (9.3.2): offender −3, the others +1 each",
    "Geringfügig zum Nachteil des Solospielers (9.3.3 b1): −3 / +3": "Minor, could harm the soloist (9.3.3 b1): −3 / +3",
    "Schwerwiegend (9.4.3): Spiel gilt als nicht gespielt": "Serious (9.4.3): the game counts as not played",
    "Schwerwiegend, Gegenpartei im Solo (9.4.4)": "Serious, by an opponent in a solo (9.4.4)",
    "Unsportlich (9.7.2 b): Punktabzug": "Unsporting (9.7.2 b): deduction",
    "Nach Spiel": "After game",
    "Verursacher": "Offender",
    "Solospieler (nur Solo-Strafen)": "Soloist (solo penalties only)",
    "Absagen der Gegenseite / des Solospielers": "Absagen by the other side / the soloist",
    "Punktabzug (1–12, nur unsportlich)": "Deduction (1–12, unsporting only)",
    "Schiedsrichter": "Referee",
    "Diese Spielliste gibt es nicht.": "This score sheet does not exist.",
    "Liste angelegt. Gut Blatt!": "Sheet created. Good cards!",
    "Die Runde ist vollständig: kein weiteres Spiel.": "The round is complete: no more games.",
    "Spiel %(n)d eingetragen.": "Game %(n)d entered.",
    "Dieses Spiel gibt es nicht.": "This game does not exist.",
    "Spiel %(n)d berichtigt.": "Game %(n)d corrected.",
    "Spiel %(n)d gelöscht.": "Game %(n)d deleted.",
    "Strafzeile eingetragen.": "Penalty row entered.",
    "Strafzeile gelöscht.": "Penalty row deleted.",
    "Die Zeitansage ist zurückgenommen.": "The time call is withdrawn.",
    "Zeit abgelaufen: es folgen nur noch fehlende Pflichtsoli.": "Time is up: only missing Pflichtsoli follow.",
    "Name": "Name",
    "Ort": "Town",
    "Verein": "Club",
    "Vereine": "Clubs",
    "DDV-Nummer": "DDV number",
    "Spieler am Tisch": "Players at the table",
    "Listenführer (Position)": "Scorekeeper (position)",
    "Zeit abgelaufen nach Spiel": "Time up after game",
    "Spielliste": "Score sheet",
    "Position": "Position",
    "nach Spiel": "after game",
    "Deutsch": "Deutsch",
    "English": "English",
}
PLURALS = {"noch %(left)s Spiel": ("%(left)s game left", "%(left)s games left")}


def main() -> None:
    folder = Path(__file__).parent / "en" / "LC_MESSAGES"
    po = polib.pofile(str(folder / "django.po"))
    missing = []
    for entry in po:
        if entry.msgid_plural:
            one, many = PLURALS.get(entry.msgid, ("", ""))
            entry.msgstr_plural = {0: one, 1: many}
            if not one:
                missing.append(entry.msgid)
        elif entry.msgid in EN:
            entry.msgstr = EN[entry.msgid]
        else:
            missing.append(entry.msgid)
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    po.save()
    po.save_as_mofile(str(folder / "django.mo"))
    if missing:
        print("untranslated:", *missing, sep="\n  ")


if __name__ == "__main__":
    main()
