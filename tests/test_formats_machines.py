"""Dealing-machine files (DUP, DLM, BRI, DGE, BER): byte layouts checked against their public
descriptions, round trips on boards 1-99, checksums, a director's error messages, the CLI."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.cli import main
from contractbridge.core.card import Card
from contractbridge.core.deal import Board, Deal
from contractbridge.core.errors import BridgeError
from contractbridge.core.seat import Seat
from contractbridge.formats import FormatError, GameRecord, dump_file, format_module, load_file
from contractbridge.formats import pbn as pbn_format
from contractbridge.formats.machines import (
    ChecksumError,
    MachineFileError,
    ber,
    bri,
    dge,
    dlm,
    dup,
    is_machine_format,
    read_boards,
    write_boards,
)
from contractbridge.formats.machines._common import MACHINE_CARDS, build_deal
from corpus import CORPUS

KGB = CORPUS / "pbn" / "kgb_optimum_99deals.pbn"
MACHINES = {"dup": dup, "dlm": dlm, "bri": bri, "dge": dge, "ber": ber}
UNNUMBERED = (bri, dge, ber)

# Duplimate's own description of its files ("Convert", Jannersten/Duplimate, the page
# www.duplimate.com/DuplimateClub/convert.pdf; read as stored at docstoc.com/docs/86815766):
# one board of a DUP file, its BRI part (card numbers of North, East, South, unsorted) and
# its DGE part (the four hands with suit symbols). Each number and rank was checked by hand
# against the other half: 18 = ♥T, 04 = ♠J, 37 = ♦4 ... (01 = ♠A, 14 = ♥A, 27 = ♦A, 40 = ♣A).
DUPLIMATE_BRI = (
    b"18043727240822422106250717"  # North
    b"51503215164929412640314645"  # East
    b"43351128302039140152133403"  # South
)
DUPLIMATE_DGE = (
    "♠J987♥JT7643♦A4♣Q"  # North
    "♠♥KQ2♦QT9♣AK98543"  # East (a spade void: the symbol stays)
    "♠AQ42♥A8♦KJ762♣J2"  # South
    "♠KT653♥95♦853♣T76"  # West
)
DUPLIMATE_DEAL = Deal.from_pbn(
    "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
)
# The same card numbers sorted within each hand (how this writer puts them), by hand.
SORTED_BRI = (
    b"04060708171821222425273742"  # North
    b"15162629313240414546495051"  # East
    b"01031113142028303435394352"  # South
)
# In the file the symbols are DOS code-page bytes: ♠ 6, ♥ 3, ♦ 4, ♣ 5 (BigDeal's output.c).
DGE_BYTES = DUPLIMATE_DGE.translate(str.maketrans("♠♥♦♣", "\x06\x03\x04\x05")).encode("ascii")

# A DLM board line from a real file, posted with its decoding by Steve Foster to
# rec.games.bridge, "File formats", 2011-03-12: each letter is two cards' holders in the
# order ♠A ♠K ♠Q ... ♣2. The post's decoding, pair by pair, as it gives it:
FOSTER_LINE = "Board 01=jlifaelnecgmoldfjmcflinlap023"
FOSTER_PAIRS = "SE SW SN EE NN EN SW WE EN NS ES WN WS SW NW EE SE WN NS EE SW SN WE SW NN WW"


def _deal_from_holders(letters: str) -> Deal:
    hands: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for card, letter in zip(MACHINE_CARDS, letters, strict=True):
        hands[Seat.parse(letter)].append(card)
    return build_deal(hands, board=None, source=None)


def _random_boards(first: int, count: int, seed: int = 0) -> dict[int, Deal]:
    return {first + i: Deal.random(seed * 1000 + i) for i in range(count)}


# --- byte layouts, checked against the public descriptions -------------------------------


def test_dup_reads_the_board_of_duplimates_description() -> None:
    record = DUPLIMATE_BRI + DGE_BYTES + b"YN1  1 1  "
    assert len(record) == 156
    assert dup.decode(record) == {1: DUPLIMATE_DEAL}


def test_dup_writes_bri_part_dge_part_and_the_set_description() -> None:
    boards = {1: DUPLIMATE_DEAL, **_random_boards(2, 31)}
    data = dup.encode(boards)
    assert len(data) == 32 * 156
    assert data[:78] == SORTED_BRI
    assert data[78:146] == DGE_BYTES
    # Duplimate: "If you have sets of 32, the last 10 bytes should read: YN1**1*32*.
    # * = space" (bytes 147-156: random hands, backwards counting, lowest board, copies,
    # highest board)
    assert data[146:156] == b"YN1  1 32 "
    assert all(data[i * 156 + 146 : (i + 1) * 156] == b"YN1  1 32 " for i in range(32))


def test_dup_reads_a_record_whose_cards_are_not_shown() -> None:
    # BigDeal's "dupblind": the DGE part is 68 spaces; the cards come from the BRI part
    record = DUPLIMATE_BRI + b" " * 68 + b"YN1  0 1  "
    assert dup.decode(record) == {1: DUPLIMATE_DEAL}


def test_bri_record_is_78_digits_then_32_spaces_and_18_zero_bytes() -> None:
    # the padding as BigDeal's output.c writes it ("the way I saw my first BRI file")
    data = bri.encode({1: DUPLIMATE_DEAL})
    assert data == SORTED_BRI + b" " * 32 + b"\0" * 18
    assert bri.decode(DUPLIMATE_BRI + b" " * 32 + b"\0" * 18) == {1: DUPLIMATE_DEAL}


def test_dge_record_is_the_68_bytes_then_60_zero_bytes() -> None:
    data = dge.encode({1: DUPLIMATE_DEAL})
    assert data == DGE_BYTES + b"\0" * 60
    assert dge.decode(data) == {1: DUPLIMATE_DEAL}


def test_ber_is_one_holder_digit_per_card_spade_ace_first() -> None:
    # BigDeal's output.c: '1' + holder (North 0 ... West 3) for the cards ♠A ... ♣2, no
    # separator. Worked by hand from the Duplimate board above, suit by suit A..2:
    # ♠ A=S K=W Q=S J=N T=W 9=N 8=N 7=N 6=W 5=W 4=S 3=W 2=S
    # ♥ A=S K=E Q=E J=N T=N 9=W 8=S 7=N 6=N 5=W 4=N 3=N 2=E
    # ♦ A=N K=S Q=E J=S T=E 9=E 8=W 7=S 6=S 5=W 4=N 3=W 2=S
    # ♣ A=E K=E Q=N J=S T=W 9=E 8=E 7=W 6=W 5=E 4=E 3=E 2=S
    expected = (
        b"3431411144343"  # spades
        b"3221143114112"  # hearts
        b"1323224334143"  # diamonds
        b"2213422442223"  # clubs
    )
    assert ber.encode({1: DUPLIMATE_DEAL}) == expected
    assert ber.decode(expected) == {1: DUPLIMATE_DEAL}


def test_dlm_reads_and_writes_the_board_line_of_a_real_file() -> None:
    deal = _deal_from_holders(FOSTER_PAIRS.replace(" ", ""))
    assert dlm.board_line(1, deal) == FOSTER_LINE
    text = dlm.encode({1: deal}).decode("ascii")
    assert f"\r\n{FOSTER_LINE}\r\n" in text
    assert dlm.decode(text.encode()) == {1: deal}


def test_dlm_header_checksum_follows_bigdeal_and_deal_convert() -> None:
    # BigDeal's output.c: Duplicates xor From xor To, xor 1 when Status=Show (its files:
    # Duplicates=0, boards 1-32, Show -> 32). deal-convert's test.dlm: Duplicates=1, From
    # board=1, To board=16, Status=Show, Checksum=17.
    assert dlm.header_checksum(0, 1, 32, show=True) == 32
    assert dlm.header_checksum(1, 1, 16, show=True) == 17
    assert dlm.header_checksum(0, 1, 32, show=False) == 33


def test_dlm_file_lists_99_boards_and_its_header() -> None:
    text = dlm.encode(_random_boards(5, 8), show=False).decode("ascii")
    lines = text.split("\r\n")
    assert lines[:10] == [
        "[Document]",
        "Headline=Generated by contractbridge",
        "Status=Sealed",
        "Duplicates=0",
        "From board=5",
        "To board=12",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={0 ^ 5 ^ 12}",
    ]
    assert sum(line.startswith("Board ") for line in lines) == 99
    assert sum(line.startswith("Duplicates ") for line in lines) == 99
    # outside From..To a filler board (North all spades ...) whose checksum is right too
    assert "Board 01=aaaaaabffffffkkkkkklpppppp015" in lines  # 1 xor 14
    assert set(dlm.decode(text.encode())) == set(range(5, 13))


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(MACHINES))
def test_round_trip_of_boards_1_to_99(name: str) -> None:
    boards = _random_boards(1, 99, seed=7)
    assert MACHINES[name].decode(MACHINES[name].encode(boards)) == boards


@pytest.mark.parametrize("name", sorted(MACHINES))
def test_round_trip_of_the_99_deals_of_a_real_file(name: str, tmp_path: Path) -> None:
    games = load_file(KGB)
    assert [g.board for g in games] == list(range(1, 100))
    dump_file(games, tmp_path / f"kgb.{name}")
    again = load_file(tmp_path / f"kgb.{name}")
    assert [(g.board, g.deal) for g in again] == [(g.board, g.deal) for g in games]
    # dealer and vulnerability come back from the board number (Law 2), as the file has them
    assert [(g.dealer, g.vulnerability) for g in again] == [
        (g.dealer, g.vulnerability) for g in games
    ]


@settings(max_examples=40, deadline=None)
@given(
    first=st.integers(1, 60),
    count=st.integers(1, 39),
    seed=st.integers(0, 10**6),
    name=st.sampled_from(sorted(MACHINES)),
)
def test_round_trip_of_random_deals(first: int, count: int, seed: int, name: str) -> None:
    boards = _random_boards(first, count, seed)
    module = MACHINES[name]
    data = module.encode(boards)
    if module in UNNUMBERED:
        assert module.decode(data, first_board=first) == boards
        assert list(module.decode(data)) == list(range(1, count + 1))
    else:
        assert module.decode(data) == boards


def test_read_and_write_boards_by_extension(tmp_path: Path) -> None:
    boards = _random_boards(1, 16)
    for name in MACHINES:
        write_boards(boards, tmp_path / f"set.{name.upper()}")
        assert read_boards(tmp_path / f"set.{name.upper()}") == boards
    write_boards(boards, tmp_path / "sealed.dlm", show=False)
    assert b"Status=Sealed" in (tmp_path / "sealed.dlm").read_bytes()


def test_the_formats_registry_knows_the_machine_files() -> None:
    for name, module in MACHINES.items():
        assert format_module(f"tuesday.{name}") is module
        assert is_machine_format(module)
    assert not is_machine_format(pbn_format)


# --- checksums -------------------------------------------------------------------------------


def _dlm_text(boards: dict[int, Deal]) -> str:
    return dlm.encode(boards).decode("ascii")


def test_dlm_board_with_a_wrong_checksum_is_refused() -> None:
    text = _dlm_text(_random_boards(1, 4))
    line = next(x for x in text.split("\r\n") if x.startswith("Board 03="))
    wrong = f"{(int(line[-3:]) + 1) % 1000:03d}"
    with pytest.raises(ChecksumError, match="board 3: the checksum is") as info:
        dlm.decode(text.replace(line, line[:-3] + wrong).encode())
    assert "damaged or edited by hand" in str(info.value)


def test_dlm_board_whose_cards_were_changed_is_refused() -> None:
    text = _dlm_text(_random_boards(1, 4))
    line = next(x for x in text.split("\r\n") if x.startswith("Board 02="))
    letters = line[9:35]
    # two cards held by different players change hands: still a deal, but the letter
    # changes and the checksum (an xor of the letters) no longer fits
    i, code = next((i, ord(c) - 97) for i, c in enumerate(letters) if (ord(c) - 97) % 5)
    swapped = chr(97 + 4 * (code & 3) + (code >> 2))
    changed = letters[:i] + swapped + letters[i + 1 :]
    assert dlm.board_checksum(2, changed) != int(line[-3:])
    with pytest.raises(ChecksumError, match="board 2"):
        dlm.decode(text.replace(line, line[:9] + changed + line[35:]).encode())


def test_dlm_header_with_a_wrong_checksum_is_refused() -> None:
    text = _dlm_text(_random_boards(1, 4)).replace("To board=4", "To board=3")
    with pytest.raises(ChecksumError, match="header's Checksum is 4 but its fields give 3"):
        dlm.decode(text.encode())


def test_dlm_lenient_reading_skips_only_the_bad_board() -> None:
    text = _dlm_text(_random_boards(1, 4))
    line = next(x for x in text.split("\r\n") if x.startswith("Board 03="))
    bad = text.replace(line, line[:-3] + ("000" if line[-3:] != "000" else "001"))
    games = dlm.loads(bad.encode(), strict=False)
    assert [g.board for g in games] == [1, 2, 4]
    assert len(games.errors) == 1 and isinstance(games.errors[0], ChecksumError)


# --- malformed files: what the director reads -------------------------------------------------


def test_wrong_length_is_named() -> None:
    with pytest.raises(MachineFileError, match=r"156-byte boards.*311 bytes \(1 boards and 155"):
        dup.decode(dup.encode(_random_boards(1, 2))[:-1])
    with pytest.raises(MachineFileError, match=r"128-byte boards.*200 bytes"):
        bri.decode(bri.encode(_random_boards(1, 2))[:200])
    with pytest.raises(MachineFileError, match=r"52 digits a board.*51"):
        ber.decode(b"1" * 51)
    with pytest.raises(MachineFileError, match="empty"):
        dge.decode(b"")


def test_a_card_dealt_twice_is_named() -> None:
    # North's second card becomes 01 (♠A), which South already holds
    record = bytearray(DUPLIMATE_BRI + b" " * 32 + b"\0" * 18)
    record[2:4] = b"01"
    with pytest.raises(MachineFileError, match="board 1: the ♠A is dealt twice"):
        bri.decode(bytes(record))


def test_a_hand_of_12_cards_is_named() -> None:
    # North's ♣Q moved to East in the screen text: North 12 cards, East 14
    moved = DUPLIMATE_DGE.replace("♣Q♠♥", "♣♠♥").replace("♣AK98543", "♣AKQ98543")
    data = moved.translate(str.maketrans("♠♥♦♣", "\x06\x03\x04\x05")).encode() + b"\0" * 60
    with pytest.raises(MachineFileError, match="board 1: North has 12 cards, not 13"):
        dge.decode(data)


def test_a_card_number_out_of_range_is_named() -> None:
    record = DUPLIMATE_BRI[:-2] + b"53" + b" " * 32 + b"\0" * 18
    with pytest.raises(MachineFileError, match="South's card 13 is '53', not a card number"):
        bri.decode(record)


def test_ber_digit_that_is_not_a_seat_is_named() -> None:
    with pytest.raises(MachineFileError, match="the ♠A goes to '5', not to a seat"):
        ber.decode(b"5" + ber.encode({1: DUPLIMATE_DEAL})[1:])


def test_ber_reads_boards_on_separate_lines() -> None:
    boards = _random_boards(1, 3)
    data = b"\r\n".join(ber.encode({n: d}) for n, d in boards.items()) + b"\r\n"
    assert ber.decode(data) == boards


def test_dge_with_suits_out_of_order_is_refused() -> None:
    data = bytearray(dge.encode({1: DUPLIMATE_DEAL}))
    data[0], data[5] = data[5], data[0]  # ♥ before ♠
    with pytest.raises(MachineFileError, match="suits are out of order"):
        dge.decode(bytes(data))


def test_dup_halves_that_disagree_are_refused() -> None:
    other = dge.hands_bytes(Deal.random(3))
    record = DUPLIMATE_BRI + other + b"YN1  1 1  "
    with pytest.raises(MachineFileError, match="two halves of the record disagree"):
        dup.decode(record)


def test_dup_set_description_must_match_the_boards() -> None:
    data = dup.encode(_random_boards(1, 3))
    with pytest.raises(MachineFileError, match="boards 1 to 32, but the file holds 3"):
        dup.decode(data[:146] + b"YN1  1 32 " + data[156:])
    with pytest.raises(MachineFileError, match="reads 'XXXXXXXXXX'"):
        dup.decode(data[:146] + b"X" * 10 + data[156:])
    with pytest.raises(MachineFileError, match="backwards counting"):
        dup.decode(data[:146] + b"YY1  1 3  " + data[156:])


def test_dup_numbers_the_boards_from_the_lowest_in_the_set() -> None:
    boards = _random_boards(17, 16)
    data = dup.encode(boards)
    assert data[146:156] == b"YN17 1 32 "
    assert dup.decode(data) == boards


def test_dlm_that_is_not_a_dlm_file_is_named() -> None:
    with pytest.raises(MachineFileError, match=r"no \[Document\] section"):
        dlm.decode(b"[Event]\r\nfoo=bar\r\n")
    text = _dlm_text(_random_boards(1, 2)).replace("Crypto key=0", "Crypto key=7")
    with pytest.raises(MachineFileError, match="encrypted"):
        dlm.decode(text.encode())
    text = _dlm_text(_random_boards(1, 2))
    line = next(x for x in text.split("\r\n") if x.startswith("Board 02="))
    with pytest.raises(MachineFileError, match="board 2: the file has no line for it"):
        dlm.decode(text.replace(line + "\r\n", "").encode())


def test_machine_errors_are_format_errors_the_cli_prints() -> None:
    assert issubclass(ChecksumError, MachineFileError)
    assert issubclass(MachineFileError, FormatError)
    assert issubclass(MachineFileError, BridgeError)


# --- what cannot be written -------------------------------------------------------------------


def test_dlm_holds_boards_1_to_99_only() -> None:
    with pytest.raises(MachineFileError, match="board 100: a DLM file holds boards 1 to 99"):
        dlm.encode(_random_boards(1, 100))


def test_boards_must_be_a_run() -> None:
    boards = _random_boards(1, 5)
    del boards[3]
    for module in MACHINES.values():
        with pytest.raises(MachineFileError, match="board 3 is missing"):
            module.encode(boards)


def test_a_deal_must_be_complete_and_one_per_board() -> None:
    partial = Deal.from_pbn("N:AKQ.-.-.- - - -", partial=True)
    games = [GameRecord(board=1, deal=partial)]
    with pytest.raises(MachineFileError, match="board 1: the deal is not complete"):
        dup.dumps(games)
    games = [GameRecord(board=1, deal=Deal.random(1)), GameRecord(board=1, deal=Deal.random(2))]
    with pytest.raises(MachineFileError, match="two different deals carry this board number"):
        dlm.dumps(games)
    same = [GameRecord(board=1, deal=Deal.random(1)), GameRecord(board=1, deal=Deal.random(1))]
    assert len(dlm.loads(dlm.dumps(same))) == 1
    with pytest.raises(MachineFileError, match="no board number"):
        ber.dumps([GameRecord(deal=Deal.random(1))])


def test_dump_to_a_text_stream_writes_its_bytes() -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="ascii")
    ber.dump([GameRecord(board=1, deal=DUPLIMATE_DEAL)], stream)
    stream.flush()
    assert buffer.getvalue() == ber.encode({1: DUPLIMATE_DEAL})


# --- the command line -------------------------------------------------------------------------


def test_convert_chooses_the_machine_format_by_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "set.pbn"
    games = [
        GameRecord(
            board=n,
            dealer=Board(n).dealer,
            vulnerability=Board(n).vulnerability,
            deal=Deal.random(n),
        )
        for n in range(1, 25)
    ]
    dump_file(games, source)
    for name in MACHINES:
        assert main(["convert", str(source), str(tmp_path / f"set.{name}")]) == 0
        assert main(["convert", str(tmp_path / f"set.{name}"), str(tmp_path / f"{name}.pbn")]) == 0
        back = load_file(tmp_path / f"{name}.pbn")
        assert [(g.board, g.dealer, g.vulnerability, g.deal) for g in back] == [
            (g.board, g.dealer, g.vulnerability, g.deal) for g in games
        ]
    assert (tmp_path / "set.dup").read_bytes()[:156] == dup.encode({1: games[0].deal})[:146] + (
        b"YN1  1 24 "
    )
    capsys.readouterr()


def test_convert_machine_files_through_standard_streams(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = _random_boards(1, 4)
    (tmp_path / "in.dup").write_bytes(dup.encode(boards))
    assert main(["convert", str(tmp_path / "in.dup"), "-", "--to", "ber"]) == 0
    assert capfdbinary.readouterr().out == ber.encode(boards)

    class Stdin:
        buffer = io.BytesIO(dge.encode(boards))

    monkeypatch.setattr("sys.stdin", Stdin())
    assert main(["convert", "-", "--from", "dge", str(tmp_path / "out.dlm")]) == 0
    assert dlm.decode((tmp_path / "out.dlm").read_bytes()) == boards


def test_convert_says_what_a_machine_file_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = pbn_format.loads(
        '[Board "17"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{Deal.random(1).to_pbn()}"]\n[Contract "3NT"]\n[Declarer "S"]\n'
        '[Result "9"]\n[North "Ann"]\n'
    )
    dump_file(played, tmp_path / "played.pbn")
    assert main(["convert", str(tmp_path / "played.pbn"), str(tmp_path / "x.bri")]) == 0
    err = capsys.readouterr().err
    assert "a BRI file holds only the deals" in err
    assert "boards 17-17 will read back as boards 1-1" in err


def test_convert_refuses_a_corrupted_dlm_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # boards 1-2, Duplicates=0, Status=Show: 0 xor 1 xor 2 xor 1 = 2
    text = _dlm_text(_random_boards(1, 2)).replace("Checksum=2", "Checksum=4")
    (tmp_path / "bad.dlm").write_bytes(text.encode())
    assert main(["convert", str(tmp_path / "bad.dlm"), str(tmp_path / "x.pbn")]) == 2
    err = capsys.readouterr().err
    assert "bad.dlm, line 10: the header's Checksum is 4 but its fields give 2" in err
    assert not (tmp_path / "x.pbn").exists()


def test_deal_writes_a_file_for_the_dealing_machine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "-n", "12", "--seed", "11", "-o", str(tmp_path / "ref.pbn")]) == 0
    expected = [(g.board, g.deal) for g in load_file(tmp_path / "ref.pbn")]
    for name in MACHINES:
        out = tmp_path / f"tuesday.{name}"
        assert main(["deal", "-n", "12", "--seed", "11", "-o", str(out)]) == 0
        assert [(g.board, g.deal) for g in load_file(out)] == expected
    assert "12 deals written to" in capsys.readouterr().err


def test_deal_refuses_board_100_in_a_dlm_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["deal", "-n", "2", "--board", "99", "-o", str(tmp_path / "x.dlm")]
    assert main(argv) == 2
    assert "board 100: a DLM file holds boards 1 to 99" in capsys.readouterr().err
    assert not (tmp_path / "x.dlm").exists()
