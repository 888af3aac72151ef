"""Spanish chat read into the English the chat's readers know: requests by their phrasing
(pista, me rindo, muéstrame el tablero, ¿otra partida? → ``hint``, ``resign``, ``board``,
``rematch``), and moves word by word: the playing cards (el 7 de tréboles → the 7 of clubs, rey
de picas → king of spades), numbers and ordinals (la quinta → the fifth) and
each game's own words (``ChatWords.translations``). Accents are folded first (tréboles →
treboles); canonical notation in the message is kept as written.
"""

from __future__ import annotations

import re
import unicodedata

MARKERS = re.compile(
    r"[áéíóúñ¿¡]|\b(?:de|del|la|las|los|el|en|con|mi|mis|que|pista|ayuda|reglas|gracias|hola|"
    r"vale|porfa|rindo|vencid[oa]|obvi[oa]|tablero|partida|turno|ganando|jugar|juego|otra|revancha|"
    r"pongo|una|unas|unos|estan|estoy|dando|paliza|muy|"
    r"columna|tomar|matar|llevar|llevarme|comer|mover|poner|ganar|perder|"
    r"carta|cartas|quien|puedo|deshacer|sigamos|historial|jaja\w*|espera|momento|buena|jugada|"
    r"elige|tu|como|se|juega|marcador|descarto|robo|tiro|mazo|elijo|quedo|triunfo|voy|muestrame|"
    r"corazones|picas|treboles|diamantes|rey|reina|jota|significa|lo|le|yo|pero|porque|ahora|"
    r"esto|eso|esa|ese|aqui|donde|cual|cuanto|tengo|tiene|hago|hay|voy|muevo|cambio|llevo|"
    r"centro|medio|rival|maquina|norte|rojo|negro|ronda|gano|pierdo|toca|mano|pongo|abandono|"
    r"retiro|genial|buena|seguimos|continuemos|sigamos|jugadas|opciones|vamos|perdiendo|"
    r"sugerencia|recomiendas|harias|hacer|elegir|explicame|deshacer|vuelve|atras|sus|"
    r"divertido|quiero|ayudame|mejor|cual|cuales|jugada|partida|ultima|recojo|robo|cojo|"
    r"sigo|rindo|conviene|historial|marcador|suerte|pena|madre|mia|puede|vamos|bien|ups|ole|"
    r"dificil|encanta|bueno|ay|sigue|importa|seguir|sota|tapad(?:it)?[oa]s?|descubiert[oa]s?|bocabajo|bocarriba|agarro|mostrame|deshace|"
    r"elegi|vos|lidera|echamos|empecemos|partidita|broma|mentira|salida|forma|nada|ya|fue|"
    r"arriba|abajo|bloqueo|bloquear|para|suelto|descarte|lunas|soles|coronas|brazos|primer[oa]|al|"
    r"costado|lado|casillas?|castillo|sale|salio|ninguna|ninguno|cadenas?|legales|segui|era|joda|"
    r"son|supongo|chau|chao|xfa|libre|esta|nueva|nuevo|arrancamos|listo|arrepenti\w*|"
    r"continuamos|aconsejas|reemplazo|alguna|alguno|recomendacion|vamo+s?|"
    r"cero|menos|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|"
    r"segund[oa]|tercer[oa]|cuart[oa]|quint[oa]|alta|baja|izquierda|derecha|negra|roja|"
    r"trebol|corazon|pica|diamante|saco|empate|es|si|dice|xq|dejalo|dejala|asi|movidas|"
    r"dale|pa|empezar|empezamos|descarta|descartar|roba|robar|elige|pasa|cuant[oa]s|quedan?|turnos|recien|arranco|empiezo|palo|tambien|despues|"
    r"todavia|aun|estoy|estas|quiero|puedes|dime|decime|venga|tio|che|ganaste|siempre|nunca|"
    r"muy|mucho|poco|pues|entonces|ahi|aca|algo|todo|todos|cuando|hice|hiciste|jugaste|"
    r"tenes|tienes|sos|eres|tengo|estamos|vale|oye|mira|mejor|peor|otro|otra|hola|ahora|"
    r"esquina|antes|descartado|pasame|armamos|retrocede|retrocedo|avanza|avanzo|sube|subo|"
    r"captura|capturo|mueve)\b|"
    r"^\s*as a\b|\bentere\b|\brecomenda\w*|\brecomiend\w*|\bsugeri\w*|\bnervios\b|\bmiedo\b|"
    r"\bmesa\b|\bver\b|\barrepiento\b|\bdeshaz\b|\bnom[aá]s\b",
    re.IGNORECASE,
)

# (regex on the folded message, English) — requests and chat, matched whole
PHRASES: tuple[tuple[str, str], ...] = (
    # round 2 (general forms, first): the other side's hand, one's own hand, the last move, whose
    # turn and what to do, who leads, what one may play, resigning, another game, undoing
    (
        r"(muestrame|mostrame|ensename|ver|mira|dime|decime)( \w+)? (la )?(mano|cartas?) "
        r"(del|de|de la) (?!(la |el )?(mi|mesa|tablero|pila|centro|mazo|nuevo)\b)\w+( \w+)?|"
        r"cual es su carta( \w+){0,4}|"
        r"que cartas (son|hay)( \w+){0,3}|que (carta|cartas) tiene( \w+){0,3}",
        "what does the opponent have",
    ),
    (
        r"(muestrame|mostrame|ensename|mostra|muestra)( \w+){0,5} (tablero|mesa|mano|cartas)"
        r"( de nuevo| otra vez)?|"
        r"(muestrame|mostrame|ensename) como (esta|va|quedo)( todo| la cosa| el juego)?|"
        # "pasame el tablero q no lo veo": the board asked for, then why
        r"(pasame|mandame|ponme) (el tablero|la mesa)( (q|que|xq|porque|pq) .*)?",
        "show the board",
    ),
    (
        r"(cual|que) (fue|es) (el|la) (ultim[oa]|anterior) (movimiento|jugada)( \w+){0,3}|"
        r"(el )?ultimo movimiento|que (salio|paso|se jugo)( \w+){0,3}",
        "history",
    ),
    (
        r"(a )?quien le toca( \w+){0,2}|me toca( a mi)?|que tengo que hacer( ahora)?|"
        r"que (esta esperando|espera) (el juego|la partida)( \w+)?|que hay que hacer( ahora)?",
        "whose turn",
    ),
    (
        r"(quien|quienes) (va|van|esta|lidera|gana)( ganando| mejor| primero| delante)?( .*)?|"
        r"(y )?el marcador como (esta|va)",
        "who is winning",
    ),
    (
        r"(que|cuales|cual) (cartas? |movimientos |jugadas )?(puedo|se puede) (jugar|tirar|poner|"
        r"descartar|elegir|mover|usar|hacer)( .*)?|"
        r"(donde|a donde) (puedo|se puede) (jugar|poner|ir|colocar)( .*)?|"
        r"que opciones tengo( .*)?|"
        r"(que|cuales) (casillas|jugadas|movimientos|cartas|opciones) (tengo|hay) "
        r"(disponibles|libres|legales|validas)( .*)?",
        "legal moves",
    ),
    (
        r"(elegi|elige|escoge|escogé|decidi|decide) (vos|tu)( por mi)?|cual me conviene( \w+)?|"
        r"(que|cual) me (conviene|recomendas|recomiendas)( \w+){0,2}",
        "hint",
    ),
    (
        r"(me rindo|abandono|me retiro|me doy por vencid[oa]|rindo)( ya| nomas| la partida)?",
        "resign",
    ),
    (
        r"(otra|otra partida|otra partidita|una mas|(echamos|empecemos|juguemos|jugamos|hacemos) "
        r"otra( partida| partidita| ronda| mas)?|partida nueva|nueva partida|revancha)( dale| ya)?",
        "rematch",
    ),
    (
        r"(deshacer|deshace|deshaz|deshago(?! del?\b)|retrocede|retroceder|retroced[eé])"
        r"( \w+){0,3}",
        "undo",
    ),
    (r"(si|vale|ok|confirmo)[, ]+(me rindo|abandono|rendirme)( de verdad)?", "yes resign"),
    (
        r"(no,? )+(me rindo|abandono|te rindas)( todavia| aun| nada| jamas)?|"
        r"(no,? )?(sigamos|seguimos|sigo|continuemos|continuamos|sigue)( jugando)?",
        "do not resign",
    ),
    (
        r"(me rindo|abandono|me retiro|ya no juego)( ya)?( la partida)?"
        r"( ganaste| tu ganas| has ganado)?",
        "resign",
    ),
    (
        r"(dame |quiero |necesito )?(una |alguna )?(pista|ayudita|sugerencia|consejo)s?( porfa| por favor)?|"  # noqa: E501
        r"(no se,? )?(elige|escoge|decide) (tu|por mi)( porfa)?|que (deberia|debo) jugar",
        "hint",
    ),
    (
        r"((vale|si|ok|venga)[, ]+)?(esa|esa misma|hazlo|juegala|esa jugada|dale|haz eso)( porfa)?",
        "ok do that",
    ),
    (r"ayuda( porfa)?|comandos|que puedo decir", "help"),
    (r"(muestrame|ensename|ver|mira|muestra)( el)? (tablero|mesa)|(el )?tablero", "show the board"),
    (
        r"(otra|otra partida|otra vez|la revancha|revancha|jugamos otra vez|jugamos otra|"
        r"una mas|nueva partida|empezamos de nuevo|otra ronda)( porfa)?",
        "rematch",
    ),
    (
        r"(voy ganando|(quien|quien) (va ganando|gana|lleva ventaja)|como va (el marcador|la partida)|"  # noqa: E501
        r"(el )?marcador|puntuacion|puntos|cuantos puntos tengo)",
        "who is winning",
    ),
    (
        r"(de quien es el|a quien le toca el|quien tiene el)? ?turno|a quien le toca|me toca( a mi)?",  # noqa: E501
        "whose turn",
    ),
    (
        r"que (puedo|se puede) jugar( ahora)?|(cuales son )?(las )?jugadas (posibles|legales)",
        "legal moves",
    ),
    (
        r"(las )?reglas( porfa| por favor)?|como se juega( esto| a esto)?|como (juego|funciona)( esto)?",  # noqa: E501
        "rules",
    ),
    (r"(el )?historial|que (ha pasado|jugo|hizo)( el rival| la ia| mi rival)?", "history"),
    (
        r"(puedo |quiero )?(deshacer|deshago|volver atras|anular|cambiar)"
        r"( eso| la jugada| mi jugada)?",
        "undo",
    ),
    (r"jugamos otra( partida| vez| mas| ronda)?", "rematch"),
    (r"que me conviene( \w+)?", "hint"),
    (r"que opciones tengo", "legal moves"),
    # "q movimientos valen ahora", "q movimientos puedo hacr?"
    (
        r"(que|cuales) (jugadas|movimientos|movidas) (valen|son validos|son legales|tengo|hay|"
        r"puedo( hacer| hacr| jugar)?)( ahora| aca| aqui)?",
        "legal moves",
    ),
    (r"(cual es |como va )?el marcador|como esta el marcador", "who is winning"),
    (r"como (esta|va|queda) (el tablero|la mesa)", "show the board"),
    (
        r"que ha (jugado|hecho|tirado|movido|puesto|sacado)( .*)?|"
        r"(muestrame|ensename|ver)( el)? historial",
        "history",
    ),
    (r"sigamos|seguimos|sigue|continua|continuamos", "keep going"),
    (r"que significa (\S+(?: \S+){0,3})", r"what does \1 mean"),  # a term, not a paragraph
    (
        r"(alguna|una) (sugerencia|recomendacion|idea)|ayudame( a)? (elegir|decidir)|"
        r"cual es (la|mi) mejor (jugada|opcion|carta)( ahora)?|la mejor jugada|que harias( tu)?|"
        r"que (deberia|debo|tendria que) (jugar|hacer|tirar|poner|elegir|mover)|"
        r"no se que (hacer|jugar)",
        "hint",
    ),
    (
        r"que jugadas (tengo|hay|puedo hacer)|que puedo hacer( ahora)?|cuales son mis opciones|"
        r"(mis )?opciones|que (cartas )?puedo (tirar|poner|elegir|mover)",
        "legal moves",
    ),
    (r"como vamos|(voy|estoy|vamos) (ganando|perdiendo)|como va (esto|la cosa)", "who is winning"),
    (r"explica(me)?( las)? reglas|(cuales son )?las reglas del juego", "rules"),
    (r"cual fue la (ultima|anterior) jugada|(la )?ultima jugada( del rival)?", "history"),
    (r"seguimos jugando|continuemos|sigamos jugando|sigo jugando|a seguir", "keep going"),
    (r"ya no quiero jugar( mas)?|me doy por vencid[oa]|me rindo ya", "resign"),
    (
        r"(me equivoque )?(vuelve|volver|vuelvo) atras( porfa)?|me equivoque.*|"
        r"quiero (deshacer|cambiar)( mi jugada| eso| la jugada)?|deshaz( eso| la jugada)?",
        "undo",
    ),
    (
        r".*\b(ensename|muestrame|dime|decime|ver)\b.*\b(sus|tus) (cartas|mano)\b.*",
        "what does the opponent have",
    ),
    (  # "q chulo este juego": a remark
        r"(que |q )?(genial|divertido|guay|bien|perfecto|buena|buenisimo|increible|chulo|lindo|"
        r"bonito|bacan|copado)( (este|el) juego)?( jaja\w*)?",
        "ok",
    ),
    (  # "qué muevo?", "dónde pongo?", "cuál elijo?", "q carta descarto?": what to play
        r"(que|q|cual|donde|a donde) (carta |ficha )?(muevo|hago|juego|pongo|elijo|escojo|tiro|"
        r"descarto|saco|robo|cojo|agarro|deberia \w+|debo \w+|tendria que \w+|"
        r"me (recomiendas|aconsejas|sugieres)( \w+)?)( ahora| aqui)?",
        "hint",
    ),
    (  # "qué movió el rojo?", "dónde puso el último?", "qué pasó en la ronda anterior" ("cuál
        # descarto?" asks which to discard: "cuál" with the past only when someone is named)
        r"(que|donde) (\w+ )?(movio|jugo|puso|hizo|cogio|eligio|echo|paso)( \w+){0,5}|"
        # (tiro, descarto, saco, robo: "what do I …" unless someone is named)
        r"(que|donde) (\w+ )?(tiro|descarto|saco|robo) (el|la|mi|su|rival|oponente|otro|bot|ia|"
        r"(?:a|b)(?! (?:la|el|los|las)\b))\b"
        r"( \w+){0,4}|"
        r"cual (\w+ )?(movio|jugo|tiro|puso|descarto|hizo|saco|robo|cogio|eligio|echo)"
        r" (el|la|mi|su|rival|oponente|otro)\b( \w+){0,4}",
        "history",
    ),
    (  # "quién va ganando en este juego?", "cómo voy? gano o pierdo", "quien gana por ahora"
        r"(quien|quienes) (va ganando|gana|lleva ventaja|va primero|va delante|esta ganando)( .*)?|"
        r"como voy( .*)?|voy ganando( .*)?|gano o pierdo( .*)?",
        "who is winning",
    ),
    (  # "y el norte qué tiene?", "enséñame las cartas del rojo", "se pueden ver las cartas de A?"
        r".*\b(que|cuales) (cartas )?tiene\b.*|"
        r".*\b(ensename|muestrame|dime|decime|ver)\b.*\b(cartas|mano)\b (de|del) "
        r"(?!(la |el )?(mi|mesa|tablero|pila|centro|mazo)\b).*",
        "what does the opponent have",
    ),
    (
        r"(ahora )?(me toca|es mi turno|le toca)( a mi| a el)?( ahora)?( no)?|"
        r"(ahora )?toca (a )?(mi|ti)( no)?",
        "whose turn",
    ),
    (r"si+|sip|claro( que si)?|si,? claro|si,? dale", "yes"),  # a yes to what gm offered
    (
        r"(ja)+|(je)+|jaja\w*|vale|ok|gracias( .*)?|hola|buena jugada|bien jugado|espera( un momento)?|"  # noqa: E501
        r"un momento|un segundo|perdon|lo siento|genial|que bien|uf+|vaya|bueno|claro|si|no",
        "ok",
    ),
    (  # exclamations: "¡qué mala suerte!", "madre mía", "no puede ser", "vamos!"
        r"(?:\d+ a \d+ )?"  # "11 a 0 vamoss 💪": the score said, then cheered
        r"(que (mala |buena )?(suerte|pena|rabia|lastima|divertido|dificil|facil|emocion|nervios)|"
        r"madre mia|no puede ser|vamos+|bien|ups|ole|dificil|facil|me encanta( este juego| esto)?|"
        r"(bueno )+bueno|ay( no)?|buf+|ostras|jo|uy+)( jaja\w*)?",
        "ok",
    ),
)
WORDS: tuple[tuple[str, str], ...] = (
    (r"\s*\by (?:listo|ya|fin|chau)\W*$", ""),  # "me llevo las 5 y listo": and that's it
    # "una más desde cero" (another, from scratch): no numbers to read a point from
    (r"\buna mas\b", "another"), (r"\b(?:desde|de) cero\b", "from scratch"),
    # "en este juego", "el juego": the game, not "juego" the verb (I play)
    (r"\b(este|ese|el|del|al|un|mi|tu|su|nuestro|que) juego\b", r"\1 game"),
    (r"\ben juego\b", "in play"),  # "cuantas piezas tengo en juego?": on the board
    (r"\brombos?\b", "diamonds"),  # the suit by its shape
    # "dejame echar un vistazo a la pila", "quiero mirar mi mano": a look, nothing taken or thrown
    (r"\b(?:dej[ae]me |deja |quiero |voy a )?(?:(?:echar(?:le)?|echo|echa(?:le)?) (?:un )?"
     r"(?:vistazo|ojo|ojito)(?: a(?=l?\b))?|mirar|miro)\b", "let me look at"),
    (r"\bizq\b", "left"),  # chat's short "izq" (izquierda)
    (r"\bnom[aá]s\b", ""),  # "me las llevo nomás": just
    (r"\b(?:pa|para) m[ií]\b", ""),  # "3RA pa mi, descarto 2RM": for me
    # "mi trébol más bajo" → "my lowest clubs": the adjective before its noun, as English has it
    (r"\b(picas?|corazon(?:es)?|diamantes?|trebol(?:es)?|cartas?) (?:mas alt[oa]|mayor)\b",
     r"highest \1"),
    (r"\b(picas?|corazon(?:es)?|diamantes?|trebol(?:es)?|cartas?) (?:mas baj[oa]|menor)\b",
     r"lowest \1"),
    (r"\bpicas?\b", "spades"), (r"\bcorazon(es)?\b", "hearts"),
    (r"\bdiam[ae]ntes?\b", "diamonds"),  # and "diamentes", a slip
    # a card's colour ("el rey rojo"): red, black
    (r"\broj[oa]s?\b", "red"), (r"\bnegr[oa]s?\b", "black"),
    (r"\btrebol(es)?\b|\bbastos\b", "clubs"), (r"\btiro\b", "play"), (r"\brey\b", "king"),
    (r"\breina\b", "queen"),
    (r"\bjota\b|\bsota\b", "jack"), (r"\bas\b", "ace"), (r"\bcarta\b", "card"),
    # "cuantas cartas hay en la pila": how many there are
    (r"\b(cartas|fichas|piezas) hay\b", r"\1 are there"), (r"\bpila\b", "pile"),
    (r"\bcartas\b", "cards"), (r"\bmazo\b", "deck"), (r"\bquedan?\b", "left"),
    (r"\bturnos\b", "turns"), (r"\bronda\b", "round"), (r"\bpiezas\b", "pieces"),
    (r"\b(?:rival|oponente|contrario)\b|(?<=\bal )otro\b|(?<=\bel )otro\b", "opponent"),
    (r"\bdescarte\b", "discard"),
    (r"\b(la |el )?(carta |card )?(mas alt[oa]|mayor|de mas valor|que mas vale)\b", "the highest"),
    (r"\b(la |el )?(carta |card )?(de menos valor|que menos vale)\b", "the lowest"),
    (r"\b(la |el )?(carta |card )?(mas baj[oa]|menor)\b", "the lowest"),
    (r"\bprimer[oa]?\b", "first"), (r"\bsegund[oa]\b", "second"), (r"\btercer[oa]?\b", "third"),
    (r"\bcuart[oa]\b", "fourth"), (r"\bquint[oa]\b", "fifth"), (r"\bsext[oa]\b", "sixth"),
    (r"\bseptim[oa]\b", "seventh"), (r"\bultim[oa]\b", "last"),
    (r"\bcero\b", "zero"), (r"\buno\b|\buna\b", "one"), (r"\bdos\b", "two"), (r"\btres\b", "three"),
    (r"\bcuatro\b", "four"), (r"\bcinco\b", "five"), (r"\bseis\b", "six"), (r"\bsiete\b", "seven"),
    (r"\bocho\b", "eight"), (r"\bnueve\b", "nine"), (r"\bdiez\b", "ten"),
    (r"\belijo\b|\bescojo\b", "choose"), (r"\bpongo\b|\bpon\b|\bcoloco\b|\bjuego\b|\bjuega\b|\bjugar\b", "put"),  # noqa: E501
    (r"\bal\b", "to the"),
    (r"\bdel\b", "of the"), (r"\bde\b", "of"), (r"\ben\b", "in"), (r"\bcon\b", "with"),
    (r"\bmis?\b", "my"), (r"\b(el|la|los|las)\b", "the"), (r"\by\b", "and"),
    (r"\ba\b(?![♠♥♦♣])", "to"),  # not "el A♠": the ace
    (r"\bporfa\b|\bpor favor\b|\bxfa\b|\bpls\b", "please"),
    (r"(?<=\w) d (?=tr[eé]bol|corazon|pica|diamante)", " of "),  # "nueve d trebol"
    (r"^\W*(?:ensename|muestrame|mostrame|ensenadme|enseñame|muéstrame)\b", "show me"),
)  # fmt: skip


def fold(text: str) -> str:
    """Lower case without accents (¿ and ¡ dropped)."""
    decomposed = unicodedata.normalize("NFD", text.lower().replace("¿", "").replace("¡", ""))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn" or c == "\u0303")


# chat shorthand: "q cartas tiene?", "xq no termina?", "pa bloquear", "tb"
_ABBREVIATIONS = re.compile(r"\b(q|xq|pq|pa|tb|k)\b")
_SPELLED = {"q": "que", "xq": "por que", "pq": "por que", "pa": "para", "tb": "tambien", "k": "que"}


# common misspellings of the words the topics look for ("q me combiene")
_MISSPELLED_AS = {"combiene": "conviene", "conbiene": "conviene", "combendria": "convendria"}
_MISSPELLED = re.compile(r"\b(?:" + "|".join(_MISSPELLED_AS) + r")\b")


def spelled_out(text: str) -> str:
    """A Spanish message folded (:func:`fold`, and ñ as n: "enséñame" → "ensename") with its chat
    shorthand written out ("q cartas tiene?" → "que cartas tiene?"). Spanish only: an English
    "k" is "okay"."""
    folded = _MISSPELLED.sub(lambda m: _MISSPELLED_AS[m.group(0)], fold(text))
    return _ABBREVIATIONS.sub(lambda m: _SPELLED[m.group(1)], folded.replace("\u0303", ""))


def _unaccent(text: str) -> str:
    return unicodedata.normalize("NFC", fold(text)).replace("ñ", "n")


def is_spanish(text: str) -> bool:
    """Whether a message is written in Spanish: a Spanish word in it ("vamoss" and "siii" as
    "vamos" and "si"), and none of the commonest English ones."""
    squeezed = _DRAWN_OUT.sub(r"\1\2", text)
    return bool(MARKERS.search(text) or MARKERS.search(squeezed)) and not re.search(
        r"\b(the|is|what|my)\b", text, re.I
    )


# a word of four letters or more with its last letter drawn out ("vamoss", "siii", "holaaa")
_DRAWN_OUT = re.compile(r"\b(?=\w{4})(\w+?)(\w)\2+\b")


def _whole(text: str) -> str | None:
    bare = re.sub(r"[?!.,]+", " ", re.sub(r"[^\w\s?!.,♠♥♦♣-]", " ", text))
    bare = re.sub(
        r"^(?:(?:y|pues|oye|entonces|bueno|ey|eh|a ver|ok|okey|vale|nah|dale|ni idea|no se) )+",
        "",
        " ".join(bare.split()),
    )
    bare = re.sub(r" (?:porfa|por favor|plis|pls|dale)$", "", bare)
    for pattern, english in PHRASES:
        if m := re.fullmatch(pattern, bare):
            return m.expand(english) if "\\" in english else english
    return None


# a clause: split at a comma, a semicolon or a sentence's end (not inside coordinates: 0,2)
_CLAUSE = re.compile(r"\s*(?:[;!?.]+|,(?![\d-]))\s*")
_CARDISH = re.compile(
    r"[♠♥♦♣]|\b\d+[A-Z]{2}\b|\b[A-Z]{1,2}\d\b|\d\s*,\s*-?\d|"
    r"\b(?:as|rey|reina|jota|sota|\d+|[AKQJ]|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)"
    r"\s+de\s+"
    r"(?:picas?|corazon(?:es)?|diamantes?|tr[eé]bol(?:es)?|bastos)\b",
    re.IGNORECASE,
)  # a card or a code named: the clauses' requests are not what the message says


def request(text: str) -> str | None:
    """The request a message says whole, or one of its clauses says ("me rindo, no hay forma",
    "no importa, sigue", "ayuda, donde juego?"): a clause's request (never mere chat, help only
    when nothing else is asked) when the message names no card or code and supposes nothing
    ("si …, quién gana?")."""
    # chat's "q" and "xq" written out ("q ha movido rojo antes?": "que ha movido …"), in a
    # message that names no card ("a ver q tiene en la 2... le tiro el 2 de trebol …": a move)
    # "q carta cambio el rival?": which card (never the queen: "la q", "una q" are)
    folded = _WHICH_CARD.sub("que", _unaccent(text))
    if not _CARDISH.search(text):
        folded = re.sub(r"\b(?:xq|pq)\b", "por que", re.sub(r"\bq\b", "que", folded))
    said = _whole(folded)
    if said is not None:
        return said
    clauses = [c for c in _CLAUSE.split(folded) if c.strip()]
    if len(clauses) < 2 or _CARDISH.search(text) or re.match(r"\s*(?:y )?si\b", folded):
        return None  # "si …, quién gana?": a supposition, asked of the rules
    found = [w for c in clauses if (w := _whole(c)) is not None and w != "ok"]
    if found in (["yes"], ["ok do that"]) and any(_CHOICE.search(c) for c in clauses):
        return None  # "la segunda... si, la segunda", "la 1, dale": a choice, and a go-ahead
    return next((w for w in found if w != "help"), found[0] if found else None)


# chat's "x" for "por" before an article ("4 de treboles x el 4♠ del campo"; never the ten, "X♥")
_X_FOR = re.compile(r"(?<=\s)x(?=\s+(?:el|la|los|las|mi|su|sus|tu)\b)")
# (not an exclamation: "q cartas mas bonitas")
_WHICH_CARD = re.compile(
    r"(?<!\bla )(?<!\buna )(?<!\bmi )(?<!\bsu )\bq(?= cartas?\b(?! (?:mas|tan|muy|re)\b))"
)


# a choice named by its place ("la segunda", "la 2", "el primero") or its suit ("treboles")
_CHOICE = re.compile(
    r"\b(?:primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|ultim[oa]|\d+|"
    r"tr[eé]bol(?:es)?|picas?|espadas?|corazon(?:es)?|diamantes?)\b"
)


_ASKED = (  # a question word first: the English one, so the message reads as a question
    # "quedan cuantas cartas en el mazo?": the count asked, its verb said first
    (r"^(quedan?|hay) (cuant[oa]s?) (\w+)\b", r"\2 \3 \1"),
    (r"^(cuanto|cuanta|cuantos|cuantas)\b", "how much"), (r"^que\b", "what"),
    (r"^(cual|cuales)\b", "which"), (r"^(a )?donde\b", "where"), (r"^(quien|quienes)\b", "who"),
    (r"^cuando\b", "when"), (r"^por que\b", "why"),
    (r"^si\b(?=.*[,?])", "if"),  # "si las dos son…, quién gana?": a supposition ("sí" is folded)
)  # fmt: skip


_ELONGATED = re.compile(r"\b(\w{3,}?)([aeiou])\2+\b")


# an ace written as its letter before its suit's name ("A de corazones pa empezar")
_ACE_LETTER = re.compile(r"\bA(?= de (?:corazon|pica|trebol|diamante|rombo|espada|basto))")


def to_english(text: str, translations: tuple[tuple[str, str, str, str], ...]) -> str:
    said = request(text)
    if said is not None:
        return said
    # "A de corazones": the ace, not "to" (its capital seen before the text is folded)
    out = _WHICH_CARD.sub("que", _unaccent(_ACE_LETTER.sub("as", text)))
    out = _ELONGATED.sub(r"\1\2", _X_FOR.sub("por", out))
    if out.lstrip().startswith("como") and ("?" in text or "cómo" in text.lower()):
        out = re.sub(r"^\s*como\b", "how", out)
    # "el jaque como funciona aca": how it works, asked after what it is asked of
    out = re.sub(r"^(.+?)\s+como (funciona\w*)\b", r"how \2 \1", out)
    for pattern, english in _ASKED:
        out = re.sub(pattern, english, out.lstrip())
    # the cards' symbols and codes keep their case: only words are rewritten
    for lang, kind, src, en in translations:
        if lang == "es" and kind == "phrase":
            out = re.sub(src, en, out)
    for src, en in WORDS:
        out = re.sub(src, en, out)
    for lang, kind, src, en in translations:
        if lang == "es" and kind == "after":
            out = re.sub(src, en, out)
    keep = {w.lower(): w for w in text.split()}  # canonical codes as written (C3, 3RC)
    return " ".join(keep.get(w, w) for w in out.split())
