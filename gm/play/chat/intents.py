"""What a chat message is, before any move is read: a request, a question, small talk, a move
attempt, or nonsense. Deterministic: the message is normalised and matched *whole* against the
phrasings below and those the games declare; what matches none is read against the position
(:func:`triage`), and only a message that tries to be a move — the game's reader reads it as one,
or it names cards, the game's codes or its move words — goes to the move path, where an illegal
one is counted.

No game is named here: each game declares the words its players use (``GameInfo.chat_words``, a
:class:`~gm.games.words.ChatWords`), and the patterns are built from the words of every registered
game (compiled once per set of games): a word of any game makes a message a try at a move, or a
question about one, in every game, so a registered game's words count with no edit here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, reduce

from gm.games import GAMES
from gm.games.base import (
    AmbiguousMoveError,
    GameError,
    GameInfo,
    IllegalMoveError,
    RiskyMoveError,
    TurnError,
)
from gm.games.cards import CHAT_WORDS as CARD_WORDS
from gm.games.cards import find_cards
from gm.games.words import ChatWords, number_value

_SMALL_TALK = (
    r"thanks?( you)?( so much| a lot)?|thx|ty|cheers|much appreciated",
    r"lol|lmao|rofl|haha+|hehe+|ha|xd|:\)|:d|:p",
    r"ok|okay|k|kk|alright|cool|nice|great|awesome|wow|whoa|oops|ugh|damn|dang|meh|huh|yay",
    r"hm+|um+|uh+|er+m*|mhm|yes|yeah|yep|no|nope|nah|sure|maybe|fine|right|indeed",
    r"ez|bruh|no+|yay+|yes+|let us go+|not bad|close one|(you|u) got lucky|wish me luck|"
    r"(you are|youre) (good|so good|great)|i am (so )?(bad|terrible|good) at this|"
    r"(ugh|oh no|not) again",
    r"(very |so )?(nice|good|great|cool|clever|smart|sneaky|bold|lucky) (move|one|play|shot)",
    r"well played|wp|gg|good game|gl|good luck|have fun|you too|same to you",
    r"brb|be right back|(one|a|1) (sec|second|moment|minute|min)|just a (sec|second|moment)",
    r"wait|hold on|hang on|give me a (sec|second|moment|minute)|let me think|thinking|"
    r"i am thinking|let me see|hmm let me think",
    r"sorry|my bad|never mind|nevermind|nvm|whatever|i see|got it|understood|makes sense",
    r"bye|goodbye|see you|good night|gotta go|later|this is fun|i love this game|fun",
    r"i am (back|here)|back|ready|i am ready|let us go|lets go|here we go|come on",
    r"good (morning|afternoon|evening)|how are you|nice to meet you",
    r"i (did not|do not) (get|understand) (it|that)|what|huh what|really|seriously|omg",
    r"(brb|gtg|g2g|afk|bbl|gotta go)( [a-z ]+)?",  # "brb gotta grab coffee": nothing after counts
    r"that was (a )?(good|nice|great|fun|close) (one|move|game)|fun game|good one",
    r"(i will |i am going to )?(keep it up|keep (that|it) in mind|take your time|take a break|"
    r"take it easy|no rush)( [a-z ]+)?",
    r"((lol|lmao|haha|ugh|omg|wow|man|dang|oof|damn) )?(this|that|it) (is|was) "
    r"(so |really |kinda )?"
    r"(hard|easy|fun|tough|boring|confusing|rigged|crazy|close|intense|weird)",
    r"(hmm+ |um+ |well )?(not sure|no idea|dunno|i do not know)( tbh| lol| yet)?",
)
_SMALL_TALK_RE = "(?:" + "|".join(_SMALL_TALK) + ")"

# intent → phrasings, each matched against the whole normalised message (first match wins)
PATTERNS: dict[str, tuple[str, ...]] = {
    "resign_confirmed": (
        r"(yes|yep|yeah|y|sure|confirm|confirmed|i confirm|ok|okay)( i)? "
        r"(resign|forfeit|concede|surrender|give up)( the game)?( i (am|do) sure)?",
        r"confirm (resign|resignation|resigning)",
        r"(resign|resignation) confirmed",
        r"i am sure i (want to )?resign",
    ),
    "keep_playing": (
        r"(no )?(wait )?(do not|don't|dont|never|no|not) (resign|forfeit|concede|surrender|give up)"
        r"( yet)?"
        r"( the game)?",
        r"i (do not|will not|won't) (resign|give up)",
        r"no i (do not )?(want to )?(resign|give up)",
        r"(i will |i am going to |i want to |i wanna |we )?(keep|continue) (playing|going|on)"
        r"( then)?",
        r"let us (keep going|continue|keep playing|play on|go on)|play on|keep going|continue|"
        r"go on",
    ),
    "resign_question": (
        r"(should|must|could|can|may|would) (i|we|you) (resign|forfeit|concede|give up)( now)?",
        r"how (do|can) i (resign|forfeit|concede|give up)",
        r"is it (time|better|wise) to (resign|give up)",
        r"(what|when) (happens )?(if|should) i (resign|give up)",
        r"would you (resign|give up)",
    ),
    "resign": (
        r"(i )?(resign|forfeit|concede|surrender)( the game)?",
        r"(i )?give up( the game)?",
        r"i (want|would like|wanna) to (resign|give up|forfeit|concede)",
        r"i quit|(i'?m |im )?(gonna|going to|i'?ll|i will) (resign|give up|forfeit)"
        r"( this one| this game| now)?",
        # said with a complaint around it: "ugh this hand sucks, i give up", "i quit this is rigged"
        r"(?!.*\b(?:not|never|if|should|would|could|forget|nvm)\b).*\bi "
        r"(give up|quit|resign|surrender|concede)\b.*",
    ),
    "undo": (
        r"(i )?(misclicked|mis clicked|fat fingered|messed up|oops)( \w+){0,3} undo( that| it)?",
        r"undo( that| it| my( last)? move| the( last)? move| last move)?",
        r"take (that|it|my move|the move) back|take back( that| my move| the move)?",
        r"take back (that|my|the) (last |previous )?(move|pick|play|one|card|turn)",
        r"(can|could|may) i (undo|take (that|it|my move) back)( my move| that)?",
        r"(revert|go back|cancel)( that| my( last)? move| the( last)? move)?",
        r"i (did not|didn't|do not) mean (that|to do that|to play that)|mulligan|redo",
    ),
    "rematch": (
        r"(a |another )?rematch( please)?|(i want|i would like|can we have|let us have) a rematch",
        r"((gg|good game|wp|well played|nice|that was fun|fun) )*(rematch|one more|another one|"
        r"again|run it back)( game| round| time)?( please)?",
        r"revenge|(run it|play it) back",
    ),
    "new_game": (
        r"(a |start |begin |play )?(a )?(new|another|fresh) (game|match|round)",
        r"start over|start again|begin again|restart( the game)?|reset( the game| the board)?",
        r"play again|(can|could|shall) we (play|play again|start over|restart)|one more game",
        r"(let us |can we |could we |shall we )?(play|go|start) (again|another( one)?|a new one)",
        r"(can|could|shall) we start a new (one|game)",
    ),
    "hint": (
        r"hint|(any|a|some|give me a|need a) (hint|hints|tip|tips|advice)s?|tips?|advice",
        r"what (should|would|could) i (play|do|move)( now| next| here)?",
        r"what do i (play|move|pick)( now| next| here)?",
        r"(pick|choose|decide)( one| something| a move)? for me",
        r"(i do not know )?(you|just) (pick|choose|decide)( one| something| for me)*",
        r"(what|which) (card|cards|piece|move) (should|would|could|do) i (play|move|drop|"
        r"discard|keep|pick|throw|take|choose)( now| next| here)?",
        r"what (would|should) you (play|do)( now| here)?",
        r"(what is|which is|what's) (a |the |my )?(good|best|right|smart) (move|play)( now| here)?",
        r"(best|good|smart) (move|play)|suggest (a move|something)|help me (choose|decide|out)",
        r"(help )?me (pick|choose|decide)( one| a move| something)?",
        r"(i do not know|no idea|not sure) what to (do|play|pick)( now| here| next)?",
        r"what to (play|do|pick)( now| here| next)?|(what is|whats) the (play|move)( here| now)?",
        r"is there a (good|best|smart|winning) (move|play)( here| now)?|should i \w+ or \w+.*",
        r"what (do|would) you (recommend|suggest)|any (recommendations?|suggestions?)",
        r"(any|got any) (ideas|suggestions)",
        r"(i )?(have|get|give me|need|want|would like) (a |some |any )?"
        r"(hint|hints|tip|tips|advice|suggestion)",
        # "what should i open with", "which one should i ditch", "where should i go"
        r"(what|which|where)( \w+)? (should|shall|would you have|ought) i (\w+)( \w+)?"
        r"( with| on| to| now| next| here| first)?",
    ),
    "help": (
        r"",
        r"help( me)?",
        r"(hello|hi|hey|yo|hiya)( there| gm| again)?",
        r"commands",
        r"what can i (say|type|ask|send)",
        r"how does (this|it) work",
        r"how do i (move|make a move|enter a move|send a move|type a move|write a move)",
        r"what (do|am) i (do|doing|supposed to do)( now| here| next)?",
        r"(what|how) (do|should) i (type|write|say)",
        r"i am (lost|confused|stuck)|(i do not|i don't|dont) (know|get) (how|what to do)",
        r"(tbh |honestly )?(i have )?(no idea|no clue) (what|how) (i am doing|to play|this works|"
        r"to do)",
    ),
    "board": (
        r"(show|display|print|see|view|give)( me)?( the| my| our)? (board|table|position|game)"
        r"( again)?",
        r"(the |my )?(board|table|position|grid)( again)?",
        r"(current|the current) (board|position|state)",
        r"look( at the board)?",
        r"what is (on|in) the (board|table)( now)?",
        r"what does (it|the board|the table|the game) look like( now)?",
        r"where are we",
        r"what does the board look like",
        r"(show|display|see|view)( me)?( my)? (hand|cards)",
        r"(my )?hand",
        r"(what|which) cards do i (have|hold)( left)?",
        r"(what|which) are my cards( now)?|(show )?my cards",
        r"what is in my hand",
        r"(what|which|where) are my pieces|(show )?my pieces",
        r"(bord|baord|borad|boad)",
        r"how many cards (does|do|has|have) (my opponent|the opponent|they|he|she|the ai|you|"
        r"the other player|the other side)( got)? (have|hold|got|left)?( left| now)?",
    ),
    "legal": (
        r"what can i (play|do|move)( now)?",
        r"(what are|show|list|give)( me)?( the| my)? (legal |valid |possible |available )?"
        r"(moves|options|choices|plays)( right now| right| now| here)?",
        r"(legal|valid|possible|available|leagl|lgeal|legl) (moves|plays|mvoes|moev)",
        # "what are my legal spots", "which squares are legal right now": the places one may play
        r"(what|which) (are )?(my |the )?(legal|valid|possible|available|open|free) "
        r"(spots|squares|cells|places|points|moves)( right now| right| now| here| left)?",
        r"(what|which) (spots|squares|cells|places|points) (are )?(legal|valid|allowed|open|free)"
        r"( for me)?( right now| right| now| here)?",
        r"(my )?(moves|options)",
        r"(what|which) (cards|moves|pieces) can i (play|move|use)( now| here)?",
        r"(what|which) moves (are legal|can i make|are there|do i have)",
        r"what are my options",
    ),
    "rules": (
        r"(the )?(rules|rulse|ruels)",
        r"(show|tell|explain|give)( me)?( the| this)? (rules|game)( real quick| quickly| again)?"
        r"([,.;!?] .*)?",
        r"what are the rules|(remind me of|refresh me on)( the)? rules",
        r"how (do i|do you|to) play( this| the)?( game)?",
        r"how does the game work",
        r"how do i win( the game)?|how (is|does) (the game|it) (end|won|scored)",
        r"what is the (goal|aim|point|object)( of the game| of this game)?",
        r"(what|which) game (is this|is it|are we playing|is this game)|what are we playing",
    ),
    "hidden": (
        r"(what|which)( cards?)? (does|do|did) (my opponent|the opponent|they|the ai|you|he|she|"
        r"the other player|the other side) (have|hold|got|keep)( left| now)?",
        # "tell me norths cards", "can you peek at A's cards", "whats his face down card …"
        r"((tell me|show me|peek at|see|look at|what is|what are|which are)( the)? )?"
        r"(his|her|their|its|the other( \w+)?'s|\w+'s|(?!(this|is|was|has|yes|us)\b)\w+s'?) "
        r"(face down |hidden )?"
        r"(cards?|hand)( in \w+ \w+)?( tho| though| for me)?",
        r"(what|which) cards (are|is) (they|he|she|the ai|the bot|the opponent) (holding|keeping)",
        r"what (the ai|the bot|they|he|she|the opponent|my opponent) (has|have|holds|is holding)",
        r"(show|tell)( me)? (their|his|her|your|the opponent's|my opponent's|the other) "
        r"(cards|hand)",
        r"what is in (their|his|her|your|the opponent's|my opponent's) hand",
        r"(their|his|her|the opponent's|my opponent's) (cards|hand)",
        r"see (their|his|her|your|the opponent's|my opponent's) (cards|hand)",
    ),
    "history": (
        r"(the |game |move )?(history|log|histroy|hsitory)",
        r"(show|list|give)( me)?( the)? (history|log|move log|game log|moves so far|moves played)",
        r"(moves|what happened) so far",
        r"what (has )?happened( so far)?",
        r"(what was |what is )?the last move",
        r"last move",
        r"what did (you|they|the opponent|my opponent|the ai|he|she) (just )?(play|do)( last)?",
        r"what (card )?did (i|you|they|the opponent|my opponent|the ai|he|she) (just )?"
        r"(draw|get|pick|pick up|take|discard)( last)?",
        # "what did north just do", "where'd he go last", "what did i just take"
        r"(what|where|which card)( did|'d|d) (\w+)( \w+)?( \w+)? (just |last )?"
        r"(?!mean|say|think|know|want|like)(\w+)( it)?( last| just now| there)?",
        r"what happened (last|in the last|on the last) (round|turn|time|move|hand|trick)",
        r"what (just )?happened( just now)?|what was (their|his|her|the|your|the other) last "
        r"(move|play|card)",
        # "what just got captured", "which card was just played": what a move just did
        r"(what|which( card| piece)?) (just )?(got|was|were) (just )?(captured|taken|played|"
        r"flipped|drawn|discarded|picked|thrown|won|lost)( \w+)?( (on|at|in|from) \w+)?",
    ),
    "score": (
        r"(the )?(score|scores|points|standings)",
        r"what is the score( now)?",
        r"(how many|how much) points( do i have)?",
        r"who (is winning|won|is ahead|is leading|leads)",
        r"am i (winning|losing|ahead|behind)( now| so far)?",
        r"(so )?(who|which side|whos) (is )?(winning|ahead|leading|on top)"
        r"( now| so far)?",
        r"(who|which side) (is )?(winning|leading|ahead) (in |on )?\w+( \w+)?",
        r"how many \w+( in \w+)? (have i|do i have|did i|am i|i have)( won| got| left| in \w+)?",
        r"who is (in front|in first place|leading|winning|ahead)( now| so far)?",
        r"(what is )?the current (score|standing)|am i (in front|ahead|first)( now)?",
        r"how (am i|are we) doing|how is it going|(what is|how is) the (standing|score)( now)?",
        r"(the )?result",
        r"is the game over|is it over|did i (win|lose)",
        # "am i up or down", "how close is A to winning", "who has fewer cards"
        r"am i (up|down|ahead|behind)( or (up|down|ahead|behind))?( right)?( now)?",
        r"how (close|far) (is|am|are) (\w+) (to|from) (winning|the win|a win)",
        r"who (has|got) (more|fewer|less|the most|the fewest) \w+( left)?",
    ),
    "status": (
        r"(whose|who is|whos|who) (turn|move|go)( is it| it is)?( now)?",
        r"who is (to move|next|on move|playing)",
        r"who moves( next)?",
        r"is it (my|your) (turn|move)",
        r"(is it )?(my|your) (turn|move)",
        r"am i (up|to move|next)",
        r"(game )?status",
        r"(i am )?waiting( for you| for my opponent| for the other player)?",
        r"are you there|anyone there",
        r"(is it )?(my|your) (go|turn now)|who is up( next| now)?|"
        r"is it (still )?(me|my turn|my go)|"
        r"(are you |is it |you )?waiting (on|for) me",
        r"(do|shall|should) i (go|move|play|start) first|am i first|who (goes|moves|plays|starts) "
        r"first|who starts",
    ),
    "chat": (rf"{_SMALL_TALK_RE}( {_SMALL_TALK_RE})*",),
}
# … and "what is my <part>?" for the parts of the board the games declare (``board_parts``)
# round 2 of the blind set: requests as people phrase them around the core words (general forms:
# a request verb with its object anywhere in a short clause, each intent's question words)
_MORE: dict[str, tuple[str, ...]] = {
    "keep_playing": (
        r"(no |nah |never mind |nvm )*(carry on|keep going|proceed)( then)?",
        # "eh forget the new game thing, keep this one going": the game goes on
        r"(eh |oh |ok |okay |so |nah )*(forget|never mind|nvm|scratch)( about)?( the| that)? "
        r"(new game|rematch|restart|resign\w*|quitting|giving up)( thing| idea| talk)?"
        r"([,.;]? .*)?",
        r"(eh |oh |ok |okay |so |nah )*keep (this|the) (one|game|match) going( .*)?",
    ),
    "undo": (
        r"(can|could|may) (i|we) undo( \w+){0,6}",
        r"(wait |oops |no )*undo (that|the|my|this|it|last)( \w+){0,4}",
        # "wait can i put back the card i drew": undone
        r"(wait |oops |no )*(can|could|may) (i|we) (put|give) (back|it back|that back)( \w+){0,6}",
        # "oops can i put the 5BS back and take from the pile instead": the card named
        r"(put|give) (the |my |that |this )\S+ back( \w+){0,8}",
        r"(put|give) (it |that |this )?back( \w+){0,5}",
    ),
    "new_game": (r".*\b(start|begin|play) (a )?(new|another|fresh) (game|one|match|round)\b.*",),
    "hidden": (
        r"(show|tell) me (his|her|their|the other|the opponent's|the opponents|[a-z]+'s) "
        r"(hand|cards?)( \w+){0,3}",
        r"what (is|are) in (his|her|their|[a-z]+'s|[a-z]+s) hand",
        r"(his|her|their|the other side's|the opponent's) (hand|cards)( \w+){0,3}",
        r"what (cards )?(does|do|did) ([a-z]+|the opponent|the other (side|player)) (have|hold)"
        r"( \w+){0,3}",
        r"what (is|are) ([a-z]+s|[a-z]+'s|his|her|their|the opponent's) (last )?(\d+ )?cards?",
        r"what (is|are) (the|those|these) (two|three|\d) cards",
    ),
    "history": (
        r"what (was|is|were) (the|their|his|her) (last|previous) (move|play|card)s?( again)?",
        r"what happened( before| earlier| last turn| so far)?( .*)?",
        r"what (was|were) (the|my) .* (last time|last round|earlier|before)",
    ),
    "legal": (
        r"(which|what) (\w+ )?\w+ can i( even)? "
        r"(play|put|place|pick|use)( \w+){0,2}",
        r"where (am i|are we) allowed to (play|place|put|go)( \w+){0,2}",
        r"where (can|could|may) (i|we) (\w+)( \w+){0,2}",  # "where can i draw from?"
        r"what can i (pick|choose|play|place|do)( .*)?",
        r"what moves (do|can) i (have|make|play)( with (the|my) \w+)?",
        r".*\bhow does this work\b.*\b(which|what|where)\b.*\bcan i\b.*",
    ),
    "board": (
        r"(show|see|view) (the|my) (grid|table|board|hand|cards)( \w+){0,2}",
        # "take a look at the pile", "lemme have a peek at my hand": shown, nothing taken
        r"(let me |lemme |can i |i wanna |i want to )?((take|have|get) a (quick |closer |good )?"
        r"(look|peek)|look) at (the|my|that|this|our) \w+( \w+){0,2}( again| real quick)?",
    ),
    "hint": (
        r"which (one|card|move|pick) is (the )?best( \w+){0,2}",
        # "which one beats the 2 best?", "deck or pile? which helps my chain more": the
        # stronger choice asked, advice
        r"which (one|card|move|pick)( \w+){1,4} (best|most)",
        r"which (helps|gets|gives|does|works|wins)( \w+){0,3} (best|most|more)",
        # "this or that? which is smarter here": advice asked
        r".*\b(which|what)( one| option| move| play)? (is|would be|'s) (the )?(smarter|better|best|"
        r"wiser)( move| option| play| choice)?( here| now| rn)?",
        # "which one would u pick? they're all face down": advice asked
        r"(which|what)( one| card| move)? (would|should|do) (u|you) (pick|choose|play|take|go for)"
        r"( \w+){0,3}",
    ),
    "status": (
        r"(is it|it is) (my|his|her|their|your) turn( or (his|hers|mine|theirs|yours))?",
        r"what (is|does) the game (waiting|expecting)( for)?( \w+){0,2}",
    ),
}
for _intent, _more in _MORE.items():
    PATTERNS[_intent] = _more + PATTERNS[_intent]

_PRIORITY = re.compile(r"what am i (supposed|meant) to do( now| next)?( .*)?")
BOARD_PART = r"what (is|are) (the|my|their|his|her|your) ({parts}) ?(card|cards|suit)?( now)?"

# Every game's move words: the generic verbs (``move_verbs``: "can I put …?" asks about a move)
# and other words, and the playing cards' names and suits (gm.games.cards.CHAT_WORDS).
COMMON = CARD_WORDS + ChatWords(
    move_verbs=("play", "put", "place", "lay", "move", "take"),
    move_words=("plays", "throw", "drop", "choose"),
)


def chat_words(info: GameInfo | None = None) -> ChatWords:
    """The words the chat reads: :data:`COMMON` and what the game of ``info`` declares, or with
    no game given, what every registered game declares (what the chat door reads)."""
    return COMMON + (_registered() if info is None else info.chat_words)


def _registered() -> ChatWords:
    return _union(tuple(game.engine.info.chat_words for game in GAMES.values()))


@lru_cache(maxsize=16)
def _union(declared: tuple[ChatWords, ...]) -> ChatWords:
    return reduce(ChatWords.__add__, declared, ChatWords())


# a verb in an idiom that makes no move ("too many cards to keep track of", "take a sec")
_IDIOM = r"(?!\s+(?:track|care|forever|ages|a (?:look|sec|second|while|break|minute)\b))"


def _any_word(words: tuple[str, ...]) -> str:
    return r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b" + _IDIOM


@dataclass(frozen=True)
class Patterns:
    """The compiled patterns for one vocabulary (:func:`patterns`)."""

    intents: dict[str, re.Pattern[str]]  # intent → phrasings, in the order they are tried
    move_words: re.Pattern[str]  # a word that makes a message a try at a move
    move_codes: re.Pattern[str]  # a code of the game (cards' suits included)
    may_i_play: re.Pattern[str]  # "can I <verb> …": asking about one move


@lru_cache(maxsize=64)
def patterns(declared: ChatWords) -> Patterns:
    """The chat's patterns for a game's declared words (and :data:`COMMON`), compiled once per
    vocabulary."""
    words = COMMON + declared
    phrasings = {intent: list(ps) for intent, ps in PATTERNS.items()}
    if words.board_parts:
        parts = "|".join(re.escape(p) for p in words.board_parts)
        phrasings["board"].append(BOARD_PART.format(parts=parts))
    for intent, phrasing in words.phrasings:
        if intent not in phrasings:
            raise ValueError(f"a chat phrasing for an unknown intent {intent!r}: {phrasing!r}")
        phrasings[intent].append(phrasing)
    intents = {
        intent: re.compile("|".join(f"(?:{p})" for p in ps)) for intent, ps in phrasings.items()
    }
    codes = "|".join(f"(?:{c})" for c in words.move_codes) or r"(?!)"
    return Patterns(
        intents=intents,
        move_words=re.compile(_any_word(words.move_verbs + words.move_words), re.IGNORECASE),
        move_codes=re.compile(codes, re.IGNORECASE),
        may_i_play=re.compile(
            r"^(?:can|could|may|might)\s+(?:i|we)\s+" + _any_word(words.move_verbs),
            re.IGNORECASE,
        ),
    )


def _current() -> Patterns:
    """The patterns for the words of every registered game."""
    return patterns(_registered())


_FILLER_START = re.compile(
    r"^(?:(?:hey|hi|hello) there|please|pls|plz|ok|okay|so|hey|hi|gm|now|and|then|um|well|oh|"
    r"wait|nah|jk|idk|ugh|hmm+|lol|tbh|yo|help|fine|hm+|uh+|btw|oops|whoops|nvm|never mind|"
    r"ah|alright|right|can you|could you|would you|(?:can|could|may) i (?:get|have|see|know)|"
    r"can i|could i|i want to|i would like to|let me|tell me|show me)\s+"
)
_FILLER_END = re.compile(
    r"\s+(?:please|pls|plz|now|thanks|thank you|then|lol|lmao|haha|rn|here|tho|though)$"
)
_CONTRACTIONS = {
    "what's": "what is", "who's": "who is", "where's": "where is", "i'd": "i would",
    "i'm": "i am", "im": "i am", "it's": "it is", "let's": "let us", "i'll": "i will",
    "don't": "do not", "didn't": "did not", "can't": "cannot", "won't": "will not",
    "whats": "what is", "hows": "how is", "how's": "how is", "u": "you", "r": "are",
    "wat": "what", "wut": "what", "ur": "your", "whos": "who is", "dont": "do not",
    "lets": "let us", "ill": "i will",
    "gimme": "give me", "lemme": "let me", "cant": "cannot", "doesnt": "does not", "idk":
    "i do not know", "wanna": "want to", "gonna": "going to", "ya": "you", "pls": "please",
}  # fmt: skip


_EMOJI = re.compile("[\U0001f300-\U0001faff\ufe0f]+")


def normalise(text: str) -> str:
    """Lower case, typographic quotes folded, punctuation dropped, polite fillers stripped."""
    t = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    t = re.sub(r"[?!.,;:\"]+", " ", t)
    t = _EMOJI.sub(" ", t)  # "board pls 🙏": the face or hand said with it (never ♠♥♦♣)
    t = " ".join(_CONTRACTIONS.get(w, w) for w in t.split())
    before = None
    while before != t:
        before = t
        t = _FILLER_START.sub("", t)
        t = _FILLER_END.sub("", t)
    return t.strip()


_LEADING_FILLER = re.compile(
    r"^(?:\s*(?:wait|nah|jk|ugh|hmm+|lol|tbh|yo|ok|okay|so|well|oh|ah|um+|uh+|btw|hey|hi)\b[\s,.!]*)+",
    re.IGNORECASE,
)


def trimmed(text: str) -> str:
    """The message without the chat noise it opens with ("wait what does that mean" → "what
    does that mean"), its case kept: what :func:`triage` reads."""
    return _LEADING_FILLER.sub("", text).strip() or text


def classify(text: str) -> str | None:
    """The request, question or chat a message is (``board``, ``legal``, ``resign``, ``chat``…)
    by its phrasing alone, or None: it has to be read against the position (:func:`triage`)."""
    t = normalise(text)
    if _PRIORITY.fullmatch(re.sub(r"^(?:hello|hey|hi) ", "", t)):  # before "help": asked of now
        return "status"
    for intent, pattern in _current().intents.items():
        if pattern.fullmatch(t):
            if intent == "resign" and text.strip().endswith("?"):  # "can I resign?"
                return "resign_question"
            return intent
    return None


# ---------------------------------------------------------------- reading against the position

_QUESTION_START = re.compile(
    r"^\W*(?:what|whats|what's|why|how|who|whom|whose|when|where|which|is|are|does|do|did|should|"
    r"shall|am|was|were|will|would|explain|tell me|wtf|xq|pq|porque|por que|por qu[eé]|que|"
    r"qu[eé]|c[oó]mo|cu[aá]l|d[oó]nde|cu[aá]ndo|cu[aá]nto|qui[eé]n|se pueden?)\b",
    re.IGNORECASE,
)
# a Korean question: its ending, or a question word anywhere in it
_KOREAN_ASKS = re.compile(
    r"(?:까|니|냐|나|죠|지|어|야|래)\s*$|뭐|뭘|뭔|어디|누가|누구|언제|왜|어떻게|무슨|몇|"
    r"(?:알려|보여)\s*(?:줘|주세요|줄래|줘요)"
)

# "can you tell me …", "could you show me …": asks to be told, never a polite order to play
_TELL_ME = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?)?"
    r"(?:tell|show|explain|remind|say|check|list)\b(?:\s+me)?\b(?!\s*$)",
    re.IGNORECASE,
)
_MODAL_START = re.compile(r"^(?:can|could|may|might|must|cannot|can't|cant)\b", re.IGNORECASE)
# "can I play K♦ RC4?" asks whether it is legal: answered, never played (a move is final)
_MAY_I = re.compile(r"^(?:can|could|may|might)\s+(?:i|we)\b(?!\s+(?:please|pls)\b)", re.IGNORECASE)
# … "can I <verb> …" asks about one move: a text the reader cannot read gets why (Patterns)
_MEANING = re.compile(
    r"^(?:what|whats|what's)\s+(?:does|do|did)\s+\S.*\b(?:mean|stands? for)\b", re.IGNORECASE
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|me|my|mine|we|us|our)\b", re.IGNORECASE)


def is_question(text: str) -> bool:
    """A wh-word or an auxiliary first, or "?" last — or within, before more words ("the Q♥ is
    worth 11 right? so id get 11", "con q salgo? tengo un montón de diamantes")."""
    t = text.strip()
    return t.endswith("?") or bool(
        _QUESTION_START.match(t)
        or _ASKED_WITHIN.search(t)
        or _HAPPENS_LAST.search(t)
        or _TAG_LAST.search(t)
    )


_ASKED_WITHIN = re.compile(r"\?\s+\S")
# a question tag last, with no "?" ("el bot es bueno en este juego o q", "… or what")
_TAG_LAST = re.compile(
    r"\b(?:o (?:q|que|qu[eé]|no|nah|cómo|como)|or (?:what|not)|"
    r"(?<!la )(?<!the )(?<!de )(?<!of )verdad|(?<!lo )cierto)\W*$",  # (not "la verdad": honestly)
    re.I,
)
# what happens asked last, with no "?" ("si empatamos q pasa", "… across from it what happens")
_HAPPENS_LAST = re.compile(
    r"(?<!see )(?<!ver )\b(?:(?:que|qu[eé]|q) (?:pasa|sucede|ocurre)|what happens)"
    r"(?: then| next| now| ahi)?\W*$",
    re.IGNORECASE,
)
# what a supposition leads to, asked with no "?" ("… q pasa al final")
_WHAT_HAPPENS = re.compile(r"\b(?:(?:que|qu[eé]|q) (?:pasa|sucede|ocurre)|what happens)\b", re.I)
# … in a case said with it ("q pasa si llego a 3 …", "cuando se empata q pasa", "비기면 어떻게 돼?")
_IN_A_CASE = re.compile(r"\b(?:si|cuando|if|when)\b", re.IGNORECASE)
_WHAT_IF_KOREAN = re.compile(r"[가-힣]면\s*어떻게\s*(?:돼|되|됨)")


def asks_what_if(text: str) -> bool:
    """Whether ``text`` asks what happens in a case it names: a rule asked, not the position."""
    return bool(
        (_WHAT_HAPPENS.search(text) and _IN_A_CASE.search(text)) or _WHAT_IF_KOREAN.search(text)
    )


# a question about the game itself: what it is like, its name, where it comes from, who made it
# ("is this like gomoku?", "de donde sale este juego", "이거 오목이랑 비슷한거야?")
_ABOUT_THE_GAME = re.compile(
    r"\b(?:this|the) game\b.*\b(?:like|similar|called|named|come from|comes from|origin\w*|"
    r"invent\w*|made|created|based on)\b|\bis (?:this|it) (?:like|similar to|based on)\b|"
    r"\b(?:why'?s|why is) it called\b|\bwhere (?:is|does) (?:this|it) (?:come|from)\b|"
    r"\bwho (?:came up with|made|invented|created|designed) (?:this|the) game\b|"
    r"\b(?:este|el) juego\b.*\b(?:parecido|se parece|llama|nombre|origen|invent\w*|sale|viene)\b|"
    r"\b(?:de donde|quien) (?:sale|viene|invento|hizo|creo)\b.*\bjuego\b|"
    r"\bse parece a\b|\bcomo (?:el )?ajedrez\b|\blike (?:normal |regular |real )?chess\b|"
    r"(?:체스|장기|오목)(?:랑|이랑|하고|와|과)\s*(?:관련|같은)|"
    r"(?:랑|이랑|하고|와|과)\s*(?:얼마나\s*|많이\s*|좀\s*)?비슷|(?:랑|이랑|하고|와|과)\s*(?:뭐가\s*)?(?:달라|다른|차이)|"
    r"원래\s*이름|어느\s*나라|이름\s*(?:이|의)?\s*(?:뭐|뜻)|누가\s*만든|만든\s*게임|"
    r"(?:러시아|한국|중국|일본|미국)\s*게임|판\S*\s*끝이\s*없|원래\s*(?:있던|있는)\s*게임|위키에|"
    r"\b(?:is )?the (?:board|grid) (?:infinite|endless|unlimited)\b|\bel tablero es infinito\b",
    re.IGNORECASE,
)


def asks_about_the_game(text: str) -> bool:
    """A question about the game itself, not its position or its rules: what it is like, its
    name, where it comes from (:data:`_ABOUT_THE_GAME`), in any of the chat's languages."""
    return bool(_ABOUT_THE_GAME.search(text))


# a question about playing it, which neither the position nor the rules answer: how long a game
# lasts, who the other side is, how good the bot is ("이 게임 한판 보통 얼마나 걸려요?", "se puede
# jugar contra otra persona?", "is this bot any good")
_ABOUT_PLAYING = re.compile(
    r"\bhow long (?:does|do|will|is|would) (?:a|one|the|this|each) (?:game|round|match)\b|"
    r"\bis (?:this|the) (?:bot|ai|computer)\b|\b(?:bot|ai|computer) any good\b|"
    r"\b(?:play|playing|jugar) (?:against|vs|with|contra|con) (?:a |another |other |otra |otro )?"
    r"(?:persons?|humans?|friends?|people|personas?|humanos?|amigos?)\b|"
    r"\bcuanto dura\b|\bel bot (?:es|juega|pone|hace|tira|elige)\b.*\?|"
    r"얼마나\s*걸|몇\s*턴\s*정도\s*걸|(?:컴퓨터|사람|봇)(?:이랑|랑|하고)\s*하는|봇\s*상대로만|"
    # with real cards, alone, with a friend ("esto se puede jugar con cartas de verdad?",
    # "이거 혼자서도 할 수 있는 게임이에요?", "이거 친구랑 같이 할 수도 있어?")
    r"\b(?:with|con) (?:real|actual|de verdad|cartas de verdad|real cards)\b|"
    r"\bcartas (?:de verdad|reales|normales)\b|\b(?:real|normal|physical) cards\b|"
    r"(?:혼자|친구|둘이|셋이|여럿이)\w{0,4}\s*(?:같이\s*)?(?:할|하는|해도|하면)\s*(?:수|게임)|"
    r"\b(?:nivel|dificultad) (?:tiene|es|de) (?:la ia|el bot|la maquina)\b",
    re.IGNORECASE,
)


def asks_about_playing(text: str) -> bool:
    """A question about playing the game that gm cannot answer from the game
    (:data:`_ABOUT_PLAYING`): answered as a question (plainly, "I can't answer that"), never as
    a request for the board, the legal moves or help."""
    return bool(_ABOUT_PLAYING.search(text)) and asked(text)


def asked(text: str) -> bool:
    """A message as written, in any of the chat's languages, asked, not said: a question
    (:func:`is_question`, English or Spanish words), "can"/"could" first, what happens asked
    ("q pasa al final"), or a Korean question's ending or word."""
    t = text.strip()
    return (
        is_question(t)
        or bool(re.match(r"\W*(?:can|could)\b", t, re.I))
        or bool(_WHAT_HAPPENS.search(t))
        or bool(_KOREAN_ASKS.search(t))
    )


def about_the_rules(text: str) -> bool:
    """A question about how the game works, not about this position's moves: what a word or a
    code means ("what does XY mean?"), or asked as a question (or opened by "can", "may",
    "must": "can a knight take a queen") with no first person ("can I …", "my jack"), no whole
    card and no code (a game's square, card code or coordinates) in it."""
    t = text.strip()
    if _MEANING.match(t):
        return True
    if not (is_question(t) or _MODAL_START.match(t)):
        return False
    return not (_FIRST_PERSON.search(t) or _current().move_codes.search(t) or find_cards(t))


def may_i(text: str) -> bool:
    """Whether ``text`` asks "can I …", "may we …": whether one move may be played."""
    return bool(_MAY_I.match(text.strip()))


def names_a_card_or_code(text: str) -> bool:
    """Whether ``text`` names a card or one of a game's codes (a square, a cell, a card code)."""
    return bool(_current().move_codes.search(text) or find_cards(text))


def names_a_move(text: str) -> bool:
    """Whether ``text`` names cards, a game's codes or move words: a try at a move."""
    words = _current()
    return bool(words.move_words.search(text) or words.move_codes.search(text) or find_cards(text))


_NOTATION_SPLIT = re.compile(r"[\s,;:()\-→>]+")
_NUMBER = re.compile(r"^[-+]?\d+$")
_DIGIT = re.compile(r"\d")


def explicit_attempt(table, seat: int, text: str) -> bool:
    """Whether ``text`` is an explicit try at a move in the game's own move language: every word
    of it is the game's notation (a word of its legal moves' texts, one of its codes, a card,
    a number, a capitalised code such as ``9ZZ``), or it opens with one of the game's move verbs
    and names a card, a code or a number ("put the seven of spades on nine"). Only such a text,
    or one the game reads as one definite move, may count as an illegal attempt; chat that
    merely mentions a card never does."""
    words = _current()
    said = normalise(text)
    tokens = [t for t in _NOTATION_SPLIT.split(text.strip().strip(".!")) if t]
    if not tokens:
        return False
    notation: set[str] = set()
    for move in table.move_texts(table.legal_moves(seat)[:400]):
        notation.update(t.upper() for t in _NOTATION_SPLIT.split(move) if t)
    notation.update(re.findall(r"\b[A-Z]{2,}\b|\b[XO]\b", table.engine.info.move_syntax))

    def is_notation(token: str) -> bool:
        up = token.upper()
        if up in notation or _NUMBER.match(up) or words.move_codes.fullmatch(token):
            return True
        if token.isupper() and token.isalnum() and len(token) <= 4 and _DIGIT.search(token):
            return True  # a code written as one (RC9, 9ZZ)
        found = find_cards(token)
        return len(found) == 1 and len(token) <= 4

    if all(is_notation(t) for t in tokens):
        return True
    opening = said.split()[0] if said.split() else ""
    verb = bool(words.move_words.fullmatch(opening)) or opening.upper() in notation
    names = bool(words.move_codes.search(text) or find_cards(text)) or any(
        number_value(w) is not None for w in said.split()[1:]
    )
    return verb and names and not is_question(text)


def triage(table, seat: int, text: str) -> tuple[str, GameError | None, str | None]:
    """What a message no phrasing matched is, read (never played) against ``seat``'s position:
    ``(intent, error, move)`` with intent ``move`` (a move the game reads as one definite move, or
    an explicit try at one (:func:`explicit_attempt`): the move path answers and may count it),
    ``question`` (answered, never counted; ``error``/``move`` carry the reader's verdict when the
    question names a move) or ``unclear`` (chat, nonsense, or a mention of a move that is no
    try at one: answered with the reader's reason, never counted)."""
    stripped = text.strip()
    general, may_i = about_the_rules(text), bool(_MAY_I.match(stripped))
    question = general or may_i or is_question(text) or bool(_TELL_ME.match(stripped))
    asks = general or may_i or bool(_QUESTION_START.match(stripped) or _TELL_ME.match(stripped))
    named = names_a_move(text)
    try:
        move = table.read(seat, text, warn=True)
    except TurnError as err:  # not this seat's turn: the phrasing decides (never counted)
        return ("question" if question else "move" if named else "unclear"), err, None
    except RiskyMoveError as err:  # legal, with a risk to say before it is played
        return ("question" if question else "move"), err, None
    except AmbiguousMoveError as err:  # never counted: asked back
        within = question and bool(_MODAL_START.match(stripped) or _ASKS_WITHIN.search(text))
        return ("question" if question and (asks or within) else "move"), err, None
    except IllegalMoveError as err:
        if question:
            return "question", (err if named else None), None
        return ("move" if explicit_attempt(table, seat, text) else "unclear"), err, None
    except GameError as err:  # unreadable
        if question:
            return "question", (err if _current().may_i_play.match(stripped) else None), None
        return ("move" if explicit_attempt(table, seat, text) else "unclear"), err, None
    if question and (asks or _ASKS_WITHIN.search(text)):
        return "question", None, table.engine.render_move(move)
    return "move", None, table.engine.render_move(move)


# a question word within a question ("the 5 from the pile connects with which of my cards?", "el
# 5 de la pila con cuáles conecta?"): asked, never played
_ASKS_WITHIN = re.compile(
    r"\b(?:which|what|whats|who|whom|whose|where|why|how|cu[aá]l(?:es)?|qu[eé]|qui[eé]n(?:es)?|"
    r"d[oó]nde|c[oó]mo|cu[aá]ndo|cu[aá]nt[oa]s?)\b.*\?\s*$",
    re.IGNORECASE,
)


# asks how it works ("how many", "how long" ask about the position)
_HOW = re.compile(r"\s*(?:how(?! (?:many|much|long|far|big))|why|what happens|when)\b", re.I)
_NEEDED = re.compile(
    r"\b(?:need|needed|needs|required|to win|allowed|ever|count for|counts for|worth)\b", re.I
)


def how_it_works(text: str) -> bool:
    """A question about how the game works ("how do I win?", "how many do I need to win?"),
    not about the position ("how many cards are left?")."""
    return bool(_HOW.match(text) or _NEEDED.search(text))


_MEANS = re.compile(r"\b(?:mean|means|meaning|stand for|what is an?)\b", re.IGNORECASE)


def asks_meaning(text: str) -> bool:
    """Whether a question asks what a word means ("what does XY mean?", "what is a trick?")."""
    return bool(_MEANS.search(text))
