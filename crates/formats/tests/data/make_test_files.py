# Writes the test files of this folder: hand-designed tournaments, with the TRF
# columns laid out exactly and the bytes in the encodings under test.
# Run from this folder: python3 make_test_files.py
def player(rank, sex, title, name, rating, fed, fide, birth, points, final, rounds):
    s = "001 %4d %1s%3s %-33s %4s %3s %11s %10s %4s %4s" % (
        rank, sex, title, name, rating, fed, fide, birth, points, final)
    assert len(s) == 89, (len(s), s)
    for r in rounds:
        s += "  " + r
    return s.rstrip()

def block(opp, colour, code):
    return "%4s %1s %1s" % (opp, colour, code)

B = lambda o, c, r: block(o, c, r)
BLANK = "        "

club = [
 "012 Herbstopen Köln 2024",
 "022 Köln",
 "032 GER",
 "042 28. 09. 2024",
 "052 2024/10/02",
 "062 8",
 "072 7",
 "082 0",
 "092 Individual: Swiss-System",
 "102 IA Große, Renate",
 "112 FA Weiß",
 "122 90 min + 30 s; Startgeld 20 €",
 "132                                                                                        24/09/28  24/09/29  24/09/30  24/10/01  24/10/02",
 "### Ränge nach Feinwertung",
 "XXR 5",
 "XXC white1",
 player(1, "m", "FM", "Müller, Jürgen", "2210", "GER", "4600001", "1980/01/01", "4.0", "1",
        [B(5,"w","1"), B(3,"b","="), B(2,"b","1"), B(4,"b","="), B(7,"w","1")]),
 player(2, "w", "WFM", "Ødegård, Åse", "2150", "NOR", "1500002", "1990/02/02", "2.0", "4",
        [B(6,"b","="), B(4,"w","1"), B(1,"w","0"), B(3,"b","0"), B(5,"b","=")]),
 player(3, "m", "", "Dubois, François", "2105", "FRA", "600003", "1985/03/03", "3.5", "2",
        [B(7,"w","1"), B(1,"w","="), B(6,"w","W"), B(2,"w","1"), B(4,"w","0")]),
 player(4, "m", "", "Novák, Petr", "2050", "CZE", "300004", "1975/04/04", "2.5", "3",
        [B(8,"b","+"), B(2,"b","0"), B(5,"w","D"), B(1,"w","="), B(3,"b","=")]),
 player(5, "m", "", "García López, José", "1980", "ESP", "2200005", "2000/05/05", "2.0", "5",
        [B(1,"b","0"), B(7,"b","1"), B(4,"b","D"), B(6,"w","-"), B(2,"w","=")]),
 player(6, "m", "", "Smith, John", "1900", "ENG", "400006", "1970/06/06", "1.5", "7",
        [B(2,"w","="), B("0000","-","H"), B(3,"b","L"), B(5,"b","-"), BLANK]),
 player(7, "m", "", "Kowalski, Jan", "1850", "POL", "1100007", "1995/07/07", "2.0", "6",
        [B(3,"b","0"), B(5,"w","0"), B(8,"w","1"), B("0000","-","U"), B(1,"b","0")]),
 player(8, "w", "", "Lee Ann", "", "", "", "", "1.0", "8",
        [B(4,"w","-"), BLANK, B(7,"b","0"), B("0000","-","Z"), B("0000","-","F")]),
]
open("club_open_cp1252.trf","wb").write(("\r\n".join(club)+"\r\n").encode("cp1252"))

def lplayer(rank, name, rating, points, rounds):
    # lichess: name from column 15, rating right-aligned at 52, points at 81-84, no rank
    return player(rank, "", "", name, rating, "", "", "", points, "", rounds)

lich = [
 "012 Sunday Blitz Swiss",
 "022 https://lichess.org/swiss/Zx81Qa7c",
 "032 Lichess",
 "042 May 29, 2020",
 "052 May 29, 2020",
 "062 5",
 "092 Individual: Swiss-System",
 "102 https://lichess.org/swiss",
 "XXR 5",
 "XXC black1",
 lplayer(1, "magnus_fan", "1850", "3.5", [B(3,"w","1"), B(2,"b","="), B(4,"b","1"), B("","","U")]),
 lplayer(2, "jörg_ß", "1720", "1.0", [B(4,"w","0"), B(1,"w","="), B(5,"w","="), B(3,"w","0")]),
 lplayer(3, "ana-lucía", "1690", "2.5", [B(1,"b","0"), B(5,"w","1"), B("0000","","="), B(2,"b","1")]),
 lplayer(4, "Łukasz_2009", "1600", "3.0", [B(2,"b","1"), B("0000","","+"), B(1,"w","0"), B(5,"w","1")]),
 lplayer(5, "kiwi", "1500", "1.5", [B("","","U"), B(3,"b","0"), B(2,"b","="), B(4,"b","0"), B("0000","","-")]),
]
open("lichess_swiss_bom.trf","wb").write(b"\xef\xbb\xbf" + ("\n".join(lich)+"\n").encode("utf-8"))
pgn = r'''% Collection assembled for the importer tests; escape line: [Event "not a tag"]
[Event "London International"]
[Site "London"]
[Date "1851.??.??"]
[Round "1.1"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 {The King's Gambit; 0-1 would be a surprise} Qh4+
4. Kf1 b5 $6 (4... Nf6 5. Nf3 (5. Qf3) 5... Qh6 *) 5. Bxb5 ; 1/2-1/2 not here
6. Nf3 1-0

[Event "London International"]
[Site "London"]
[Date "1851.??.??"]
[Round "1.2"]
[White "Kieseritzky, Lionel"]
[Black "Anderssen, Adolf"]
[Result "0-1"]

1. e4 e5 0-1

[Event "London International"]
[Site "London"]
[Date "1851.07.??"]
[Round "2"]
[White "Anderssen, Adolf"]
[Black "Szén, József"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2

[Event "London International"]
[Site "London"]
[Date "1851.??.??"]
[Round "?"]
[White "Löwenthal, Johann"]
[Black "Williams, Elijah"]
[Result "0-1"]

{A game whose round nobody recorded.} 1. c4 0-1

[Event "London International"]
[Site "London"]
[Date "1851.??.??"]
[Round "2"]
[White "Staunton, Howard"]
[Black "Williams, Elijah"]
[Result "*"]

1. e4 *

[Event "Casual Games"]
[Site "London"]
[Date "1851.06.21"]
[Round "-"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5
8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8
15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6
21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0

[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdEFGH"]
[Date "2024.03.02"]
[Round "-"]
[White "magnus_fan"]
[Black "kiwi"]
[Result "0-1"]
[WhiteElo "1850"]
[BlackElo "1500"]
[WhiteFideId "0"]
[BlackFideId "1500002"]

1. e4 { [%clk 0:03:00] } 1... c5 { [%clk 0:03:00] } 0-1
'''
open("london_1851_latin1.pgn", "wb").write(pgn.replace("\n", "\r\n").encode("latin-1"))
