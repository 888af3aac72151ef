"""What a question or request is about, by its key words, when no phrasing matched it whole and
the game read no definite move in it: the last resort before "I can't answer that".

People ask the same few things in endless words ("is it my turn or are we waiting on him??",
"¿qué está esperando?", "내가 먼저야?"). The phrasings in intents.py, korean.py and spanish.py
match a message whole; here a message is searched for the words that carry each topic — the turn,
the standing, one's options, advice, what happened, the other side's cards, the board, undoing,
another game, giving up — in English, Korean and Spanish. Each topic asks for the words that make
it about this seat and this position ("can I …", "puedo …", "…수 있어"), so a rules question
("can you play a card face down anywhere?", "how do points work?") is left to the rules, and a
wish or a joke is never an order: only topics that change nothing (asked, answered from the
view) are found in a question; giving up is found only where it is said, never asked, and always
asks for a confirmation after.

Pure text: the caller decides whether the game read a move first (gm/play/chat/__init__.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from gm.play.chat.sides import OTHER_SIDE, THEY
from gm.play.chat.spanish import fold, spelled_out

# what the rules make one do, in Korean ("…야 돼", "…야 하나?"): asked of the rules, never a
# request for one's options (routing.py's _MUST says the same in the chat's other languages)
KOREAN_MUST = r"야\s*(?:되|돼|하|함)"

# The topics, in the order they are tried, each with its key words per language (regexes: English
# and Spanish on the lower-cased, accent-folded message; Korean on the message without spaces).
_EN: tuple[tuple[str, str], ...] = (
    (
        "keep_playing",
        r"\b(keep (going|playing|dealing|it going)|carry on|((i'?m|im) )?not (quitting|giving up)|"
        r"(?<!to )(?<!allowed )play on(?! (his|her|their|my|your|the|a|an|that)\b)|"
        r"let'?s continue|"
        r"(nvm|never ?mind|forget)( about| i said)? (i )?(quitting|quit|resigning|giving up)|"
        r"(scratch|take back|cancel|undo|forget|withdraw|drop) (the |my |that )?"
        r"(resign\w*|forfeit\w*|surrender)|don'?t end (it|the game|this))\b",
    ),
    (
        "resign",
        r"\b(i'?m out|i quit|i give up|i resign|i forfeit|i'?m done|(i'?m )?resigning)\b|"
        r"^\W*ff\W*$|^\W*ff\b[\s,.!]+(?:cant|can'?t|no way|gg|i'?m done|this is)\b",
    ),
    (
        "undo",
        r"\b(undo|redo|take (it|that|this|my move|the move) back|take ?back|revert|"
        r"go back (a|one|1) (move|turn|step)|"
        r"cancel (that|my (last )?move|the (last )?move)|misclick\w*|"
        r"take (that|it|this|my|the) (last |previous )?(one|move|play|card)? ?back)\b",
    ),
    (
        "rematch",
        r"\b(rematch|run it back|play again|go again|another (game|round|match|one)|"
        r"one more (game|round|match)|new (\w+ )?(game|match|round)|(do|play|have) another|"
        r"another after|after this one|start over|new deal|fresh (game|start|one)|"
        r"restart(?! (when|if|after))|reset the (game|match|board))\b",
    ),
    (
        "hidden",
        r"^(?!.*\b(my|mine)\b)(?!.*\bi\b.*\bface[ -]?down)"
        r"(?=.*\b({they}|(?:{other}|{seats})'?s?)\b)"
        r".*\b(what|which|what'?s)\b.*\bface[ -]?down\b|"
        # (not "who's closer to emptying their hand": the standing, no card asked)
        r"\b((?<!emptying )(?<!empty )(?<!emptied )(?<!clearing )"
        r"(his|her|their|(?!other\b)(?:{other})'?s?|other (side|player|guy)'?s?|"
        r"(?:{seats})'?s) (\d+ )?(hidden |face ?down |secret )?"
        r"(cards?|hand|face ?downs?|hidden)|"
        r"(is|are) (he|she|they|the ({other})|\w+) (holding|hiding)|"
        r"(he|she|they|(?:{seats})|the ({other})) (is|are|'s|'re) (holding|hiding|keeping)|"
        r"(what|which)('s|s| is| are)? ((?:{seats})|he|she|they|the \w+) (still |even |now )?"
        r"(holding|hiding|keeping)|"
        r"what (does|do|did) ((?:{seats})|he|she|they|the ({other}|other \w+)) "
        r"(have|hold|keep)|"
        r"what ((?:{seats})|he|she|they|the ({other}|other \w+)) (has|holds|keeps|got)\b|"
        r"(what|which) (are|r) (the|his|her|their) (\d+ |two |three |four |five )?cards? "
        r"((?:{seats})|he|she|they|the ({other}|other \w+)) (has|have|holds|is holding|got)\b|"
        r"(what|which) (\d+ |two |three |four |five |six |seven |eight )?cards? "
        r"(does|do|did|has|have|is|are) "
        r"(he|she|they|you|the \w+|(?!i\b|we\b)\w+) (still |even |really |now )?"
        r"(have|hold|holding|got|get|keep|keeping|sitting on)|"
        r"^(?!.*how many)(?=.*\b(does|do|did|has)\b).*\b(does|do|did|has) ((?:{seats})|he|she|they|"
        r"the ({other})|(?:{other})) (still |even |really |ever )?(have|got|hold)\b|"
        r"(next|top) cards? (of|on|in|from) (the )?(deck|stock)|"
        r"(top|next) of (the )?(deck|stock)|on top of the (deck|stock)|"
        r"what'?s?( is)? (under|beneath|below) .{0,12}\b(on|at|in) ([a-z]{1,2}|[a-z]+ )\d|"
        r"what'?s? in the (deck|stock)|peek(?! at (my|our)\b)|"
        r"(what'?s?|which|what is) (card )?(is )?(face[ -]?down|hidden) (under|beneath|below)|"
        r"what'?s?( is)? (under|beneath|below) (the |those |these |that |this )?"
        r"(face[ -]?down|hidden))\b",
    ),
    (
        "history",
        r"\b(what (just )?happened|what did (he|she|they|you|the \w+|\w+) (just )?"
        r"(play|do|put|take|draw|discard|pick|move|{verbs})|"
        r"what (has|have) (he|she|they|the \w+|{seats}) (been )?(thrown|throwing|discarded|"
        r"discarding|played|playing|put|taken|taking|drawn|drawing|picked|picking)|"
        r"(last|previous) (move|play|card|turn|trick|round)|"
        r"last (few|couple|two|three)( of)? (moves|plays|turns)|what did (my|the|their|his|her) "
        r"(last|previous) \w+ do|just (played|did|put|took|"
        r"drew|discarded|picked|moved)|(played|happened) (before|last|earlier)|"
        r"what (got|was|were|has been|have been) (just )?(captured|taken|played|discarded|"
        r"thrown|picked|drawn|moved|swapped|replaced|flipped|revealed|turned over|turned up)|"
        r"last thing|who (swapped|replaced|discarded|played|put|took|moved|threw)|"
        r"(he|she|they|{seats}|the ({other}|other \w+)) "
        r"(just |last )?(played|put|drew|discarded|took|moved|picked|did))\b",
    ),
    (
        "status",
        r"\b((my|your|his|her|their|whose) (turn|go)|turn is it|waiting (for|on)|"
        # "whos picking first", "who's going first", "the state of things"
        r"who'?s (\w+ ){0,2}first|state of (things|the game|play|affairs)|"
        r"(it|game|gm) (is )?waiting|go(es)? first|start(s)? first|who starts|"
        r"am i (up|next|first)|is it me|still my turn|what now|what'?s next|"
        r"what (step|phase|stage)|(draw|pick)( step| phase)? or (my )?(discard|play)|"
        r"what do i do now|"
        r"am i (the )?(?!winning|losing|ahead|behind)\w+ or (the )?\w+|"
        r"turns? (do i have )?(left|remaining)|"
        r"(choosing|going|playing|picking|moving|starting) first|"
        r"who'?s (up|next|to move)|whose ({verbs}|move)|whos move)\b",
    ),
    (
        "score",
        r"\b(winning|losing|ahead|behind|leading|in front|first place|leader|score|scores|"
        r"scroe|socre|standings?|points|who'?s up|how (am i|i am|i'?m|im) doing|who (wins|won)|"
        r"who (would|'?d) win|who'?d win|"
        r"how close|closer to|compared to (them|him|her|you)|"
        r"how far (am i|are we|i am|im|is \w+) from)\b",
    ),
    (
        "legal",
        r"\b((can|could|may) i|(am i|are we) (still |even )?(allowed|able) to|i can)\b"
        r".*\b(play|put|place|go|move|take|pick|use|draw|discard|choose|{verbs})\b|"
        r"\b(my )?(options|choices)\b|\b(possible|legal|valid|available) (moves?|plays?)\b|"
        r"\b(can|could) i do (anything|something|smth|sth) (else |here |now |rn |at all )*"
        r"(else|besides|but|other than|except|apart from|instead of)\b|"
        r"\bwhat moves\b|\bwhere can (my|the|i|this|that) ?\w*\b|"
        r"\b(what|which) (\w+ )?(spots?|squares?|points?|moves?|cards?|plays?|things?) "
        r"(are|r|is) (legal|allowed|valid|open|available)\b|"
        r"\b(what|which) (\w+ )?(spots?|squares?|points?|moves?|cards?|plays?|ones) (am i|are we) "
        r"(even )?(allowed|able) to\b|"
        r"\bwhat (am i|are we|im|i'?m) (even |actually |really )?(allowed|able) to do\b|"
        r"\blist what\b|\b(what|which) (moves|plays|options)\b|"
        r"\blist (my |the |all |me )*(legal |valid |possible |available |open )?"
        r"(moves|plays|options|spots|squares|points|places|cells|cards)\b|"
        r"\b(legal|valid|possible|available) (spots|squares|points|places|cells)\b|"
        r"\bwhat (else )?can i (even |actually |really )?do\b|"
        r"\bonly (thing|move|option) i (can|could) (do|make|play)\b|"
        r"\bwhat can (my|the|this|that) \w+ do\b",
    ),
    (
        "hint",
        r"\b(should i|would (you|u|ya)|recommend|suggest|suggestion|advice|advise|tips?|"
        # "is taking the jack good or is it a trap?": a move weighed
        r"(good|bad|safe|smart|risky) or (bad|not|nah|(is it |it'?s )?a trap)|"
        r"(is it|it'?s|is that) a trap|"
        r"(best|better|smartest|good) (move|play|card|option|choice|pick|spot|square|place)|"
        r"which is better|worth it|does it matter|(least|most) useful|worst card|"
        r"where (do|should) i (block|go|put|place|play|move)\b|"
        r"which (one|card|of (these|them|my cards)) (do|should|shall) i (\w+)\b|"
        r"\bor\b[^?]*\?\s*(pls |please )?help\b|"
        r"(is|are) (any|one|either) (of )?"
        r"(them|these|those|the cards|pick|card|spot|move|choice)? ?better|"
        r"(best|better|good) (odds|chances?)|"
        r"(a )?(good|bad|smart|dumb) idea|"
        r"which (one|card) (is|would be) (better|best|worse|worst)|"
        r"which (one|card) (do|should) i (throw|toss|play|discard|drop|ditch|keep|{verbs})|useless|"
        r"what'?s a (good|smart|safe|decent|solid|nice) (first )?(card|move|play|opening|opener|"
        r"start|{verbs})|what'?s (the )?best\b|"
        r"which (one|card) (would|do|should) (u|you|i) (play|throw|{verbs}|open|start)|"
        r"which (one|card) (do|would) (u|you|ya) (reckon|think)|no clue (where|what|which)|"
        r"what to (open|start|{verbs}) with|what'?s (better|smarter|best|smartest)|"
        r"which'?s better|\bor\b.*\bwhat do (u|you|ya) think\b|"
        r"any way to (get|make|win|block)|"
        r"where (do|can|could|would) i (win|get (\d|three|four|five)|make (\d|three|four|five))|"
        r"where (do|should) i (need to |have to )?(go|put|play|place|move)\b.*\bto not lose\b|"
        r"where (do|should) i (need to |have to )?(go|put|play|place|move)\b.*"
        r"\bto (get|make|win|block)|"
        r"which (one|card) (gets|gives|scores|wins) (me )?(the )?(most|more|max)|"
        # two moves offered as a choice, asked ("deck or pile here?")
        r"^\W*(\w+ ){0,2}\w+ or (the )?\w+( here| now| then)?"
        r"(?=\W*((idk|lol|pls|please|help)\W*)?$))\b",
    ),
    (
        "board",
        r"\b(show|see|view|display|look at|print|prnt|draw|redraw|refresh|pull up|bring up)\b.*"
        r"\b(board|grid|hand|cards|table|tabel|bord|baord|position|rows|lines|layout|lay out|"
        r"state|situation)\b|"
        r"\b(show|see|view|display|look at)\b.*\b(pile|deck|discards?|stack)\b|"
        r"\bwhere (we'?re|we are|are we|things are|things stand) at\b|where do we stand|"
        r"\bwhere'?s (the|my) (board|grid|table)\b",
    ),
)
_ES: tuple[tuple[str, str], ...] = (
    (
        "keep_playing",
        r"\b(no me rindo|sigo jugando|seguimos|sigamos|continuo|continuamos|segui vos|"
        r"sigue vos|segui jugando|sigue jugando|te toca a vos|dale vos|sigue tu|segui tu|"
        r"(no,? )+sigo|sigo,? (todavia|aun) puedo|^\W*sigo,? sigo\W*$|"
        r"juega tu|mueve tu|dale,? tu turno|olvida lo (que|q) dije)\b",
    ),
    (
        "undo",
        r"\b(deshacer|deshaz|deshago(?! del?\b)|deshace\w*|devolver|devuelvo|volver atras|"
        r"vuelvo atras|"
        r"volve para atras|volver para atras|vuelve para atras|"
        r"volve atras|"
        r"vuelve atras|anular|"
        r"cancela\w*|"
        r"me equivoque|quita(me)? (la|mi) ultima|me retracto|anula\w*|rehacer|rehago|"
        # "elegi mal", "la puse mal", "no queria tirar esa", "¿la puedo retirar?": the move
        # just made, regretted
        r"(elegi|escogi|jugue|tire|puse|movi|meti|la puse|lo puse) mal|"
        r"no quer[ií]a (tirar|poner|jugar|elegir|mover)|(la|lo) puedo (retirar|sacar|cambiar)|"
        r"cambiar (la carta|la jugada|mi jugada|mi eleccion) (q|que) (elegi|escogi|jugue|tire|"
        r"puse))\b",
    ),
    (
        "rematch",
        r"\b(vamos (por )?otra|reinicia (el juego|la partida)|quiero otra|"
        r"despues de esta (otra|una mas)|"
        # "otra de ajedrez de cartas despues?": another game, later
        r"^\W*otra (de [^?]*)?(despues|luego|mas tarde|al rato)\b|"
        r"revancha|(?<!la )(?<!esa )(?<!aquella )otra partida|otra partidita|jugamos otra|"
        r"juguemos otra|echamos otra|(armamos|hacemos|nos echamos) otra|"
        r"(arrancar|arrancamos|empezar|arranquemos|empecemos|empezamos) (una|otra) nueva|"
        r"(empezamos|empezar|empecemos|arrancamos) de nuevo|"
        r"otra ronda|partida nueva|nueva partida|(jugar|jugamos|juguemos) (de nuevo|otra vez)|"
        r"una mas(?! en)|desde cero|de cero|(empezamos|empezar|arrancamos|arranquemos|empecemos|"
        r"hagamos|echemos) otra|"
        r"otra (despues|luego|mas tarde|al terminar|cuando termine\w*))\b",
    ),
    (
        "resign",
        r"\b(me rindo|abandono|me retiro|me doy por vencid[oa]|tiro la toalla|tu ganas|"
        r"lo dejo (aqui|aca|ahi)|dejo (la partida|el juego)|^\W*lo dejo\b|"
        r"(la|lo) doy por perdid[ao])\b",
    ),
    (
        "hidden",
        # (never a count: "quedan cuantas cartas en el mazo?" asks the board's figure)
        r"^(?!.*\bcuant[oa]s?\b).*?(?:"
        r"^(?!.*\b(mi|mis|yo|puedo)\b)(?=.*\b({other}|{they}|{seats})\b)"
        r".*\b(que|cual)\b.*\b(boca ?a?bajo|tapad[ao]s?)\b|"
        r"\b(sale|viene|sigue)\b.*\bmazo\b|"
        r"\b((cartas?|mano) (del|de la|de) ({other}|{seats}|norte|sur|rojo|negro)|"
        r"(que|cuales?) (cartas? )?(tiene|tienen|guarda|esconde|oculta)|"
        r"(que|q) (le |les )?(tendra|tiene|guarda|lleva|llevara|queda|quedan) (\w+ ){0,2}"
        r"en (la|su) mano|"
        r"(que|cuales?) cartas? (le |les )?(quedan?|tiene|tocaron|toco|dieron)|"
        r"(que|cuales?) cartas? (le|les) salieron|"
        r"(ver|mirar|muestra\w*|mostra\w*|ensena\w*)\b.*\b(tapad[ao]s?|boca ?a?bajo)\b.*"
        r"\b(del|de la|de) ({other}|{seats})|"
        r"(proxim[oa]s?|siguientes?) cartas?|(arriba|encima) del mazo|"
        # (not "q nivel tiene la IA?", "q suerte tiene este bot": its level or luck, no card)
        r"^(?!.*cuant)(?!.*\b(nivel|dificultad|suerte|ojete|orto)\b)"
        r"(?:.*\b(tiene|tendra|le quedan?)\b.*"
        r"\b({other}|{seats})\b|"
        r".*\b({other}|{seats}) (todavia |aun )?(tiene|tendra|le quedan?)\b|"
        # "sabes si negro tiene figuras en la mano?": a seat by its colour, and its hand
        r".*\b(norte|sur|rojo|negro) (todavia |aun )?(tiene|tendra)\b.*\ben (la|su) mano\b)|"
        r"(cartas?|queda) (en|del) (el )?mazo|"
        r"(que|cual) cartas? (hay|esta|tiene|queda) (boca ?a?bajo|tapad[ao]))\b)",
    ),
    (
        "history",
        r"\b(jugo|tiro|puso|movio|descarto|hizo|saco|robo|paso|echo|eligio|salio)\b.*"
        r"\b(recien|antes|ultim[oa]|ahora|{other}|el|ella)\b|"
        r"(?<!en )\bque (jugo|puso|movio|hizo|paso|salio)\b(?! (estoy|estamos|toca))|"
        r"\b(q|que) (saque|saco|sacaste|elegi|eligio|elegiste)\b.*\b(pasad[ao]|anterior)\b|"
        r"\bque (descarto|tiro) ({seats}|{other}|el|ella)\b|"
        r"\bque cartas? (se )?(jugo|tiro|puso|descarto|salio|salieron|jugaron|descartaron|cambio|"
        r"reemplazo)\b|"
        r"\b(que )?acaba(n)? de (pasar|jugar|tirar|poner|mover|capturar|comer|robar|descartar)\b|"
        r"\b(ha|han|habia|has) (jugado|descartado|tirado|puesto|robado)\b|\bque ha(n)? pasado\b|"
        r"\bquien (jugo|tiro|puso|movio|descarto|cambio|reemplazo|saco)\b|"
        r"\b(ultim[oa]s?|anterior(es)?) (jugadas?|movimientos?|cartas?|turnos?)\b|"
        r"\b(jugue|tire|puse|movi|descarte|hice|saque|robe|captur[eé]|comi|elegi)\b.*"
        r"\b(recien|antes|ultim[oa]|ahora|recien)\b|"
        r"\b(q|que) (captur[eé]|capturo|capturaron|comi|comio|se comio|me comio|comiste)\b|"
        # "q cartas se llevo el norte la ultima vez q recogio?": what was taken, and when
        r"\b(se llevo|recogio|levanto|agarro|tomo|llevo|gano)\b.*\b(la ultima vez|recien|antes)\b",
    ),
    (
        "status",
        r"\b((?<!este )turno|me toca|le toca|te toca|esperando|espera el|arranco|empiezo|"
        r"(en )?que (vuelta|jugada) (estamos|vamos|va)|"
        r"empieza|(?<!con que )(?<!con cual )(?<!carta )salgo(?! con)|comienzo|que falta|"
        r"que ronda|en que ronda|"
        r"falta (algo|descartar|robar|jugar)|"
        r"que sigue|y ahora que|que (fase|paso|etapa)|(soy|estoy de|estoy como) \w+ o \w+|"
        r"soy (el |la )?\w+ o (el |la )?(q |que )?\w+|"
        r"que hay que hacer|que tengo que hacer|turnos? (me |le |nos |te )?quedan?|"
        r"(robar|robo) o (descartar|descarto)|(descartar|descarto) o (robar|robo)|"
        r"(robo|descarto|juego|tiro|paso|elijo) o (robo|descarto|juego|tiro|paso|elijo))\b",
    ),
    (
        "score",
        r"\b(ganando|perdiendo|gana|ganador|lider|lidera|marcador|puntos|puntaje|"
        r"puntuacion|ventaja|como voy|como vamos|cuanto vamos|quien va|voy bien|cuanto me falta|"
        r"cuanto (llevo|llevamos|lleva|tengo)(?! de)|"
        r"delantera|"
        # (not pieces counted on the board: "cuantas piezas tengo en juego?")
        r"cuant[oa]s (?!cartas|piezas|fichas|turnos)\w+ (tenemos|tengo|tiene|llevo|llevamos)|"
        r"cada uno)\b",
    ),
    (
        "legal",
        # (not "se puede …?" alone: whether the rules allow a thing, asked of the rules)
        r"\b(puedo|podria|me dejan|(donde|que|q|cual|cuales) se puede)\b.*"
        r"\b(jugar|poner|tirar|mover|ir|usar|pasar|"
        r"elegir|descartar|robar|ganar|matar|comer|colocar|hacer)\b|"
        r"\b(q|que) (movimientos|jugadas|movidas|casillas|columnas) (valen|sirven|hay)\b|"
        r"\b(q|que) (movimientos|jugadas|movidas) (puede|pueden) hacer\b|"
        r"\b(q|que|cuales) (casillas|lugares|huecos) (tengo|hay|quedan) libres\b|"
        r"\b(opciones|(movimientos|movidas) (tengo|posibles|validos)|jugadas (tengo|posibles|"
        r"validas)|que (movimientos|jugadas|movidas) tengo|(jugadas|movimientos|movidas) (son )?"
        r"(legales|validos|"
        r"posibles)|jugadas .*(posibles|quedan)|"
        r"(casillas|jugadas|movimientos|movidas|lugares|columnas) (estan |son )?"
        r"(permitid|validos|validas|posibles|legales)\w*)\b",
    ),
    (
        "hint",
        # "cojo del pozo o del mazo?": one's own two moves, weighed
        r"^\W*(cojo|tomo|agarro|robo|saco|juego|tiro|pongo|elijo|bajo)\b[^?]*\bo\b[^?]*\?\W*$|"
        r"\b(recomienda\w*|recomenda\w*|sugiere\w*|sugeri\w*|aconseja\w*|conviene|"
        r"que (hago|robo|tiro|descarto|elijo|pongo|muevo|saco)\b(?! (el|la|ella|norte|rojo|negro))|"
        r"(q|que) carta (saco|tiro|juego|pongo|bajo|descarto)\b|"
        r"deberia|consejo|pista|que harias|mejor (jugada|opcion|carta|movimiento)|sobra|"
        r"me quedo con|cual (me )?(conviene|va mejor)|(q|que|cual) es mejor\b|"
        r"con (que|cual) (carta )?(salgo|abro|empiezo|arranco)|"
        r"cual (descarto|tiro|juego|pongo|elijo|saco|bajo)\b|"
        r"donde (la |lo )?(pongo|juego|tiro|muevo|meto)\b.*"
        r"\b(para|pa) (cortar|bloquear|ganar|tapar|frenar)\w*|"
        r"no se (que|q) (carta|jugar|poner|hacer)|^\W*que hago\b|cual (me )?(sirve|conviene) mas\b|"
        r"donde (la |lo )?(pongo|juego|tiro|muevo|meto)\b.*\bayuda|"
        r"donde (la |lo )?(pongo|pondrias|juego|jugarias)\b.*\b(para|pa) (no perder|q(ue)? no "
        r"(me )?gane)|"
        r"^\W*donde (la |lo )?(pongo|pondrias|jugarias)( tu| vos)?(?=\W*(ayuda\w*)?\W*$)|"
        r"^\W*(que|cual) (descarto|tiro)(\W*$|\s*\?)|"
        r"(donde|que|cual) (pongo|juego|tiro|muevo)\b.*"
        r"\b(mejor|para ganar))\b",
    ),
    (
        "board",
        r"\bpon(e|eme|me)? (el tablero|la mesa)\b|"
        r"\b(que|q) (tengo|llevo|me queda|me quedan) en (la|mi) mano\b|"
        r"\b(pas|mand)(a|ame) (el tablero|la mesa|la grilla|la cuadricula)\b|"
        r"\bcomo (esta|va|quedo) (el tablero|la mesa|la grilla|la partida|el juego)\b|"
        r"\b(mostra|muestra|ensena)\w* todo\b|"
        r"\b(ver|muestra\w*|mostra\w*|ensena\w*|mira|pinta\w*|dibuja\w*|saca\w*)\b.*\b(tablero|"
        r"mesa|mano|filas|columnas|"
        r"cartas|"
        r"grilla|cuadricula|monton|pila|pozo)\b",
    ),
)
_KO: tuple[tuple[str, str], ...] = (
    (
        "keep_playing",
        r"계속(할|하|해|갈|가|진행|ㄱ)|(포기|그만|기권|항복)\w{0,6}(취소|철회)|진행(시켜|해줘|하자|해)|(너|니)차례\w{0,3}둬",
    ),
    (
        "undo",
        r"취소|무르|물러|되돌리|되돌려|되돌릴|무를|(고른|골랐던|낸|둔|놓은|뽑은|버린)(거|것|걸)다시",
    ),
    (
        "rematch",
        r"다시(하|한판|한게임|붙)|리겜|리게임|재겜|한판(만)?더|한게임더|한번더하|재경기|리매치|재대결|새게임|또한판|"
        r"한판ㄱ|다음판(ㄱ|하|가|고|\?|$)|또하자|새판|새로(하|한판|시작)",
    ),
    (
        "resign",
        r"(?<!안)(포기|항복|기권)(할|하|함|요|임|[~!.]|$)|(이번판|이판|이게임|게임)(은|는)?(그냥)?"
        r"(던|접)(짐|질게|진다|질래|을게|을래|음)",
    ),
    (
        "hidden",
        r"^(?!.*(내|제|나의))(?=.*({other}|{seats})).*(엎어|엎은|뒷면|뒤집힌|뒤집어둔|덮인|덮어둔).*"
        r"(뭔지|뭐야|뭐임|뭔데|알려|보여)|"
        # "c2에 엎어놓은거 뭐임?": the face-down card at a place, not one's own ("내 …")
        r"^(?!.*(내|제|나의))[a-z]{1,2}\d\s?(에|의)?\s?(엎어|엎은|뒷면|뒤집힌|뒤집어|덮인|덮어)\w{0,4}\s?"
        r"(뭔지|뭐야|뭐임|뭔데|뭐지|뭐냐)|"
        # "저 2열에 엎어놓은 카드 뭔지 알려줘요": the face-down card at a numbered place
        r"^(?!.*(내|제|나의))(저|그|이)?\w{0,3}\d\w{0,3}(엎어|엎은|뒷면|뒤집힌|뒤집어|덮인|덮어)\w{0,4}"
        r"(뭔지|뭐야|뭐임|뭔데|뭐지|뭐냐)|"
        r"({other}|AI|봇|북쪽|남쪽|레드|블랙|빨강|빨간|검정|검은|흑|{seats})\s?\w{0,6}"
        r"(카드|패|손패|손|장)"
        r"\s?(\w{0,6})\s?(뭐|뭔|보여|보자|볼래|알려|들|있|까봐|까줘|까보|오픈)|덱(맨)?위|다음카드|(덱|더미)에(뭐|뭔|남)|"
        r"(깔린|깔려있는|숨은|숨겨진|숨겨둔)카드\w{0,2}(뭐|뭔|보여|알려)|"
        r"({other}|{seats})\s?\w{0,6}\s?(스페이드|하트|다이아|클로버|에이스|킹|퀸|잭)\s?\w{0,6}"
        r"(있|남|가지|몇|많)",
    ),
    (
        "history",
        r"(방금|아까|마지막|지난|이전|전에|직전)\w{0,6}(뭐|뭘|무슨|어디|어떤)|"
        r"(방금|아까|마지막|지난|이전)\w{0,6}(어떻게|어케)(됐|된)|"
        r"(교환|바꾼거|바꾼건|바꿨던거)\w{0,3}어떻게된|(뭐|뭘|무슨카드)받았|교환\s*(뭐였|뭐였어|뭐임|뭐했)|"
        r"(뭐|뭘|어디)(냈|뒀|했|놨|버렸|뽑았|골랐|움직였|옮겼|잡았)|무슨일|"
        r"(뭐|뭘)(잡은|먹은|낸|둔|버린|뽑은)(거|건)|"
        r"누가\w{0,8}(냈|뒀|버린|버렸|바꿨|바꾼|바꿔|놨|놓은)",
    ),
    (
        "status",
        r"차례|(누구|누가|내|네|니|우리|상대|쟤)(의)?턴|먼저(야|해|하|임|냐|인|\?|$)|기다리|"
        r"(내가|제가|나|저|누가|누구)먼저|단계|뭐할차례|뭐하는차례|몇턴|턴남|턴이남|무슨상황|"
        r"뭐해야(돼|되|하)|뭘해야|다음(은|에)?뭐|몇라운드|라운드몇",
    ),
    (
        "score",
        # (not "뭐부터 내야 유리함?": what one must play to gain it, advice asked)
        r"이기고|이겨|누가이기는|지고있|앞서|(?<!게)(?<!야)(?<!야\s)유리|(?<!게)불리|리더|우세|점수|"
        r"스코어|몇대몇|"
        r"(나|내|우리|상대|쟤)\w{0,2}몇점|^몇점|밀리|"
        r"더가까|완성에가까",
    ),
    (
        "legal",
        r"(지금|내가|제가|뭐|뭘|어디|어느|무엇|무슨).*(수|데|곳|거|것)있(어|나|니|냐|는|을|음|지|\?|$)|"
        r"(둘|낼|놓을|고를|움직일|할|갈|버릴|뽑을)수있는(곳|데|칸|거|게|것|수|카드|자리|좌표|위치)|"
        r"선택지|옵션|가능한|합법|"
        # "아무데나 둬도 돼?" (may I go anywhere?), unless a rule is asked ("…야 돼?": must I)
        r"아무(데|곳|거|카드|자리)\w{0,3}(둬|놔|내|놓아|버려|골라)도(돼|되|됨)(?!.*"
        + KOREAN_MUST
        + r")|"
        r"(지금|내가|제가|뭐|뭘|어디|어느|무엇).*(둘수|낼수|놓을수|고를수|"
        r"움직일수|이길수|잡을수|할수)",
    ),
    (
        "hint",
        r"추천|좋을까|나을까|낫(나|니|냐|겠|지)|좋(아|나|니|냐|겠)(요)?\?|어떻게(해야|하지|할까)|"
        r"나아\s*(아님|아니면)|"
        r"뭐\s?(?:부터|먼저)?\s?(내|두|놓|하)(지|까|는게)|힌트|조언|최선|제일좋|젤좋|가장좋|베스트|나아(요)?\?|나아$|가나아|"
        r"까.{1,24}까\??$|(어디|뭘|뭐)\w{0,2}\s?(막아야|둬야|놔야|내야)|(뭐|뭘|어떤|어느)\w{0,8}게유리",
    ),
    (
        "board",
        r"(보드|판|게임판|그리드|격자|바닥|내패|손패|카드|패|화면|상황|상태|현황|더미|테이블|배치)\w{0,10}\s*"
        r"(보여|(?<!가)보자|볼래|볼\s*수|확인|띄워|그려|출력)|^(보드|판|게임판|그리드|격자)(좀|ㄱ+|요)*\??$",
    ),
)


def english_topics() -> tuple[tuple[str, str], ...]:
    """The English topics and their key words (regexes with ``{placeholders}``), in order."""
    return _EN


# a Spanish conjunction of one letter ("o", or; "y", and): no seat, though a game names one so
_LETTER_WORDS = {"es": frozenset("oyeu")}


@lru_cache(maxsize=64)
def _compiled(lang: str, verbs: tuple[str, ...], seats: tuple[str, ...]) -> tuple:
    """One language's topics, with the game's own move verbs and seat labels put in."""
    table = {"en": _EN, "es": _ES, "ko": _KO}[lang]
    seats = tuple(s for s in seats if s.lower() not in _LETTER_WORDS.get(lang, ()))
    fill = {
        "verbs": "|".join(re.escape(v.lower()) for v in verbs) or "(?!)",
        "seats": "|".join(re.escape(s.lower()) for s in seats) or "(?!)",
        "other": OTHER_SIDE[lang],
        "they": THEY.get(lang, "(?!)"),
    }
    return tuple((topic, re.compile(_filled(cues, fill), re.IGNORECASE)) for topic, cues in table)


def _filled(cues: str, fill: dict[str, str]) -> str:
    """``cues`` with each ``{name}`` of ``fill`` put in (a regex's own braces left alone)."""
    for name, words in fill.items():
        cues = cues.replace("{" + name + "}", words)
    return cues


# said in jest: "i resign lol jk", "me rindo, es broma", "포기 농담"

_JOKING = re.compile(
    r"\b(jk|just kidding|kidding|es broma|bromeo|(?<!ni de )broma)\b|농담|장난", re.IGNORECASE
)
# said to make an order false: "don't undo", "no me rindo", "포기 안 해"
# (not a "no" said alone first: "uy no, volvé atrás eso")
_NOT = re.compile(
    r"\b(don'?t|do not|never|not|nunca|ni)\b|\bno\b(?!\s*[,.!])|안\s*해|않|말자|마$", re.IGNORECASE
)
# about how the game works, not about this position: the rules answer it
_RULES = re.compile(
    r"\b(mean|means|meaning|stand for|rules?|reglas?|significa|what happens (if|when)|"
    r"que pasa (si|cuando)|cuando se (gana|pierde|termina|acaba)|how (does|do) (the|a|an) \w+ work|"
    r"how (do|does|is|are) (you|one|it|points?|\w+ing) \w+|limit|maximum|minimum|"
    r"como se \w+|como funciona\w*|como (?:es|era|son|eran) (?:eso|esto|lo|la|el|las|los)\b)\b|"
    r"뜻|규칙|룰|설명|상관없|차이(가|는)?\s*뭐|(어떻게|어케)(?!해야|하지|할까|하는게좋|해\?|해$|두는|내는|놓는|둘까|낼까|된거|됐)|"
    # (not "si o si", no matter what)
    # (not asked of the moment: "who's winning rn if we count up the rows")
    r"^(?!.*\b(now|ahora|ya|atm|rn)\b).*(?<!no se )(?<!not sure )(?<!wonder )(?<!idk )"
    r"(?<!si o )\b(if|si)\b(?! o si\b)|"
    r"\bse gana\b|"
    # how a thing must be, asked as an either-or ("se puede poner en cualquier lado o tiene q ser
    # pegado?"): a rule (the English "… or does it have to be near …" asks for the places)
    r"\bo (?:tiene (?:q|que) (?:ser|estar|ir)|debe (?:ser|estar|ir))\b|"
    r"^(?!.*지금).*(으면|다면|라면|가면|오면|하면|되면|이면|카드면|나면|지면)|"
    r"\b(count for|counts for|worth(?! (it|taking|playing|grabbing|keeping|picking))|valen|"
    r"vale cada)\b",
    re.IGNORECASE,
)
# topics that change nothing: found in a question, a complaint or a request alike
ASKED = frozenset({"status", "score", "legal", "hint", "history", "hidden", "board"})


def topic(
    text: str, lang: str, verbs: tuple[str, ...] = (), seats: tuple[str, ...] = ()
) -> str | None:
    """The intent a message asks for by its key words (``status``, ``score``, ``legal``,
    ``hint``, ``history``, ``hidden``, ``board``, ``undo``, ``rematch`` or ``resign``), or None.
    ``lang`` is the message's language ('en', 'es' or 'ko'); English cues are tried too for a
    Spanish or Korean message written partly in English ("score?", "hint pls"). ``verbs``: the
    game's own move verbs ("can I <verb> …" asks for one's options); ``seats``: its seats' labels
    ("what is <seat> holding?"). A question
    about how the game works or what would happen if (what a word means, "how do points work?",
    "who wins if we tie?") asks for no topic of the position: the rules answer it."""
    if lang == "ko":
        said = re.sub(r"\s+", "", text)
    else:  # chat shorthand written out in Spanish only ("q cartas tiene?"; an English "k" is ok)
        said = spelled_out(text) if lang == "es" else fold(text)
    rules = bool(_RULES.search(said if lang == "ko" else fold(text)))
    langs = [lang] + (["en"] if lang != "en" else [])
    tables = [_compiled(code, verbs, seats) for code in langs if code in ("en", "es", "ko")]
    for table in tables:
        for name, cues in table:
            if not cues.search(said) or (name in ASKED and rules):
                continue
            found = cues.search(said)
            before = said[max(0, found.start() - 12) : found.start()] if found else ""
            # "jk not quitting": the joke was what came before going on
            joking = name != "keep_playing" and _JOKING.search(text)
            if name in ASKED or not (_NOT.search(before) or joking):
                return name
    return None
