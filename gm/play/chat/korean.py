"""Korean chat read into the English the chat's readers know: requests by their phrasing
(힌트, 항복할게, 보드 보여줘, 다시 하자 → ``hint``, ``resign``, ``board``, ``play again``), and
moves word by word with the Kiwi morphological analyser (kiwipiepy): particles and endings
dropped (스페이드를 → 스페이드, 놓을게 → 놓), numbers with the counters each game declares
(3열에, 세 번째 줄: the game's noun and the number; 두 번째 카드 → ``second card``), the
playing cards' names
(스페이드 → spades, 킹 → king) and each game's own words (``ChatWords.translations``). Korean
puts the verb last; the translation puts it first, as the English readers expect. Canonical
notation in the message (7♣, C3, DISCARD 3RC, 2,3) is kept as written.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from gm.play.chat.sides import OTHER_SIDE

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e\u1100-\u11ff]")

# (regex on the message without spaces, English) — requests and chat, matched whole
PHRASES: tuple[tuple[str, str], ...] = (
    (r"(응|네|예|그래|어|ㅇㅇ)?,?(진짜|정말)?항복(할게|한다|합니다|할래|할께)?(확인)?", "RESIGN?"),
    (r"(항복|포기|기권)(안|않|하지마|하지않|안할)\w*|(안|그만)항복\w*", "do not resign"),
    (r"취소(하고)?계속\w*", "keep going"),  # "아 아니 취소 계속 두자": taken back, the game goes on
    (
        r"(졌다|졌어)?(나|저)?(포기|항복|기권|GG|gg)(할게|할래|한다|합니다|할께|요|임)?(요)?"
        r"(못하겠\w*|힘들\w*|어려워\w*|모르겠\w*)?|그만(할래|하자|할게|둘래)",
        "resign",
    ),
    (
        r"(힌트|도움|추천)(좀|하나)?(해)?(줘|주세요|줄래|부탁해?|요)?|뭐(두는|내는|하는)게좋(아|을까)\w*|"
        r"(어떤거|어떤걸|어떤게|어느게|어느거|뭐가|무엇이)(내|좋|나아|낫|나음|나을|둘|놓)\w*|좋은수(좀)?(알려|추천)\w*|"
        r"뭐(하지|할까|해야(?!\w*(단계|차례))\w*)|어떻게하는게좋\w*|어떻게해야(좋|할|돼|되)\w*|"
        r"(네가|너가|니가|당신이|아무거나|아무거)?(골라|정해|선택해)(줘|주세요)?\w*|아?몰라\w*(골라|정해)\w*|"
        r"추천\w*",
        "hint",
    ),
    (
        r"(응|네|좋아|그래|ㅇㅇ|오케이|ㅇㅋ)?(그걸로|그거로|그거|그렇게|그수로)(해|할게|하자|둬|둘게|가자|"
        r"해줘|두자)?\w*",
        "ok do that",
    ),
    (r"도움말|도와줘|명령어|사용법|어떻게(써|사용해)\w*", "help"),
    (
        r"(보드|판|게임판|보드판|테이블|격자|그리드)(좀|다시|한번)*(보여|보자|확인|띄워)\w*|(보드|판)|"
        r"(보드|게임판|보드판|테이블)(좀)?다시(좀)?",  # "보드 다시": the board again, not a game
        "show the board",
    ),
    (r"(내)?(손패|패|카드)(좀)?(보여\w*|뭐야|뭐있어)?", "what are my cards"),
    (
        r"(다시|한판더|한번더|한게임더|재경기|새게임)(시작)?(하자|해|할래|ㄱ|고|붙자|ㄱㄱ|할까)?\??|"
        # ("새로" alone is no game: "덱에서 한장 새로", a new card)
        r"새로(시작)?(하자|해|할래|ㄱ|붙자|ㄱㄱ|할까|시작)\??|"
        # "또" alone is no rematch ("아 또 파란색이야")
        r"또(시작)?(하자|해|할래|ㄱ|붙자|ㄱㄱ|할까)\??|"
        r"리매치|재대결|"
        r"복수전|새게임(하자|해|시작)?",
        "play again",
    ),
    (
        r"(내가)?이기고있(어|나|니|냐)\w*|누가이기고있\w*|누가이겨\w*|점수\w*|몇대몇\w*|스코어\w*|"
        r"\d?열은?누가이기\w*|누가앞서\w*",
        "who is winning",
    ),
    (r"(지금)?(누구|누가|내)(차례|턴)\w*|(내|누구)?차례\w*", "whose turn"),
    (
        r"뭐(둘|낼|할|놓을)수있\w*|(가능한|둘수있는|낼수있는)(수|카드|것)\w*|(합법|가능)(한)?수\w*",
        "legal moves",
    ),
    (  # "뭐 두지?", "어디 둬야돼?", "몇 번 고를까?": what to play, asked
        r"(뭐|뭘|무엇을?|어디에?|어디다|어느거|어느것|어느걸|어느카드|몇번|몇번째)(를|을|걸)?"
        r"(두|둬|내|버리|버려|놓|고르|고를|골|뽑|낼|둘|놓을|버릴|선택|움직|옮기|잡)\w*",
        "hint",
    ),
    (  # "방금 상대가 뭐 냈어?", "A가 마지막에 뭐 버렸어?": what was played (past tense)
        r".{0,10}?(뭐|뭘|어디에?|어디다)(냈|뒀|둠|잡았|버렸|했|놨|놓았|뽑았|가져갔|골랐|움직였|옮겼)\w*|"
        r"(저번|지난|이전|아까|직전)(판|라운드|턴|수|차례)\w*(어떻게|뭐)\w*",
        "history",
    ),
    (  # "상대 손패 알려줘", "레드 손패 뭐야?": the other side's hidden cards
        rf"({OTHER_SIDE['ko']}|레드|블랙|빨강|검정|[A-Za-z]+)(의|가|는)?(손패|패|카드|손)"
        r"(는|가|좀|에)?(뭐|뭔지|뭐가|알려|보여|뭐있|뭐야|뭐임|뭐들었)\w*",
        "what does the opponent have",
    ),
    (
        r"누가(더|지금)?(우세|유리|이기는|앞서|이기고|이겨)\w*|(내가)?(지고|이기고|밀리고)있\w*",
        "who is winning",
    ),
    (
        r"(현재|지금)?(상황|상태)(좀)?(보여|알려|어때)\w*|(판|보드)(은|이)?어떻게(돼|됐|되)\w*",
        "show the board",
    ),
    (r"(가능한|할수있는|낼수있는)(거|것|수)\w*", "legal moves"),
    (r"(방금|아까)?무슨일\w*|지금까지(기록|뭐)\w*", "history"),
    (r"(마지막|최근|지난)(수|턴|차례|카드)(는|가|이)?(뭐|어디)\w*", "history"),
    (
        r"(방금|아까)?(내가)?(둔|낸)?(거|수|것)?(취소|무르기|무를래|물러|무르|되돌려|물릴|물려)\w*",
        "undo",
    ),
    (  # "상대 뭐 들고 있어?", "A가 지금 들고 있는 카드 뭐야?"
        rf"({OTHER_SIDE['ko']}|[A-Za-z]+)(가|는|이)?(뭐|뭘|무슨카드)(들고|갖고|가지고|있)\w*|"
        rf"({OTHER_SIDE['ko']}|[A-Za-z]+)(가|는|이)?(지금)?(들고|갖고|가지고|쥐고)있는(카드|패|거|것)"
        r"(는|가|들)?(뭐|뭔지|무엇|알려|보여)\w*",
        "what does the opponent have",
    ),
    (
        r"(규칙|룰)(좀)?(알려|보여|설명)?\w*|(이거|이게임|게임)?어떻게(하는|해|하지|하나)\w*",
        "rules",
    ),
    (
        r"(기록|히스토리|지난수|이전수)(좀)?(보여)?\w*|"
        rf"({OTHER_SIDE['ko']}|AI|에이아이)(가)?뭐(뒀|냈|했)\w*",
        "history",
    ),
    (r"(무르기|무를래|물러|되돌려|취소)\w*", "undo"),
    (r"계속(하자|해|할래|가자|ㄱ|할게|하기|진행)?\w*", "keep going"),
    (
        r"(.+?)(?:뜻|의미)?(이|가|은|는|란|라는게)?(뭐야|뭐임|무슨뜻|뭔뜻|뭐예요|뭐에요)\w*",
        r"what does \1 mean",
    ),
    (r"(응|웅|네|넹|넵|예|ㅇㅇ|그래)(그래|해|해줘|할게|좋아)?", "yes"),  # a yes to what gm offered
    (
        r"(?:(ㅋ|ㅎ|ㅠ|ㅜ)+|ㅇㅋ|오케이|ㅇㅇ|알겠어\w*|알았어\w*|좋아|네|응|오+|와+|헐|대박|"
        r"(오)?잘했(네|어)\w*|나이스|굿|잠깐(만)?\w*|잠시만\w*|고마워\w*|감사\w*|ㄱㅅ|안녕\w*|"
        r"ㅎㅇ|하이|미안\w*|ㅈㅅ|재밌\w*|졌다|아깝\w*|아+|진짜\w*|좋았어|아싸|헐+|나이스|에이+|흠+|"
        r"오+|와+|어렵\w*|망했\w*|운좋\w*|대박\w*|최고|굳|웃기\w*|젠장|아이고)+",
        "ok",
    ),
)

# Kiwi's stems and nouns → English words, shared by every game
WORDS: dict[str, str] = {
    "스페이드": "spades", "스페이스": "spades", "하트": "hearts", "다이아": "diamonds",
    "다이아몬드": "diamonds", "클로버": "clubs", "클럽": "clubs", "크로바": "clubs",
    "에이스": "ace", "킹": "king", "퀸": "queen", "잭": "jack", "카드": "card", "장": "card",
    "제이": "jack", "케이": "king", "큐": "queen",
    "놓": "put", "두": "put", "내": "play", "내놓": "play", "넣": "put", "올리": "put",
    "걸": "put", "하": "", "주": "", "보이": "", "마지막": "last", "제일": "", "가장": "",
    "높": "highest", "낮": "lowest", "큰": "highest", "작": "lowest", "최고": "best",
    "최대": "best", "점수": "score", "상대": "opponent", "턴": "turn", "라운드": "round",
    "손패": "hand", "손": "hand", "덱": "deck", "더미": "pile", "드로우": "draw",
}  # fmt: skip
NATIVE = {
    "한": 1, "하나": 1, "첫": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4,
    "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9,
}  # fmt: skip
SINO = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9, "십": 10}
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
           7: "seventh", 8: "eighth", 9: "ninth"}  # fmt: skip
COUNT_WORDS = {"개", "장", "점", "명", "번", "줄", "칸", "수"}  # counters after 몇 ("how many")
_DROPPED = ("J", "E", "XS", "VCP", "VCN", "SF", "SP", "SS", "SE", "SO", "MAG", "IC", "XPN", "UN")
_VERB = ("VV", "VX")


@cache
def _kiwi() -> Any:
    from kiwipiepy import Kiwi  # loaded once per process, on the first Korean message

    return Kiwi()


def morphemes(text: str) -> tuple[Any, ...]:
    """Kiwi's morphemes of ``text`` (each call a Kiwi analysis of a few milliseconds; the texts
    a message is read as are mostly distinct, so they are not kept)."""
    return tuple(_kiwi().tokenize(text))


def is_korean(text: str) -> bool:
    return bool(HANGUL.search(text))


_FILLER = re.compile(
    r"^(?:지금(?!까지)|이제|그럼|근데|첫수|아+(?!싸)|음+|혹시|그래서|저기|야|자|그냥|와+|아냐|아니|ㄴㄴ|"
    r"[ㅠㅜㅋㅎ]+|"
    r"농담(임|이야|이지)?|장난(임|이야)?|너가|네가|니가)(?=\S)"
)


def _whole(text: str) -> str | None:
    bare = re.sub(r"[\s?!.~,ㅡ]+", "", re.sub(r"[^\w\s?!.~,]", "", text))
    for _ in range(3):
        bare = _FILLER.sub("", bare)
    bare = re.sub(r"요$", "", re.sub(r"(?<=\w)[ㅠㅜㅋㅎ]+$", "", bare))
    for pattern, english in PHRASES:
        if m := re.fullmatch(pattern, bare):
            return m.expand(english) if "\\" in english else english
    return None


# said anywhere in a message (a question with its particles and endings): what one may play,
# whose turn, who leads, what happened, the other side's cards
_SEARCHED: tuple[tuple[str, str], ...] = (
    (
        r"(어디|뭐|뭘|무엇|어느|무슨|어떤|아무\s*데|아무\s*곳)[^?]{0,6}?"
        r"(둘|낼|놓을|고를|버릴|막을|뽑을|움직일|살릴|할)"
        r"\s*수\s*있",
        "legal moves",
    ),
    (  # "카드 고르는거 말고 다른거 할 수 있어?": anything else one may do, asked
        r"(?:말고|빼고|외에|외에는)\s*(?:다른|딴)\s*(?:거|것|걸|수|선택지)?\s*(?:도\s*)?"
        r"(?:할|둘|낼|고를)?\s*수\s*(?:있|없)",
        "legal moves",
    ),
    (
        rf"({OTHER_SIDE['ko']}|북쪽|남쪽|레드|블랙|[A-Za-z]+)\S*\s*(카드|패|손패)\s*(좀\s*)?"
        r"(보여|알려|뭐)",
        "what does the opponent have",
    ),
    (r"누가\s*(더\s*|지금\s*)?(유리|이기|앞서|리드|우세)", "who is winning"),
    (
        r"(뽑는|버리는|내|누구|누구의|무슨)\s*(차례|턴)\s*(야|냐|임|니|인가|예요|에요)?\s*\?|"
        r"뭐\s*기다리",
        "whose turn",
    ),
    (
        r"(마지막|방금|아까|처음)\S*\s*(뭐|무슨|뭘)\s*(가|이)?\s*(나왔|냈|했|있었|일|잡은|잡았|먹은|먹었|"
        r"뽑은|뽑았|버린|버렸|가져갔|골랐)",
        "history",
    ),
    # "처음에 6 교환 어떻게 됐어?" (how did the swap at the start go): what happened
    (r"(처음|아까|방금|지난|저번|전에|직전|이전)\S*\s.*어떻게\s*(?:됐|되었)", "history"),
    # "뭐 내야 돼? 알려줘" (what should I play?): advice asked for
    (
        # (not "뭘 해야 하나요?", "뭐 해야되는 단계야?": what step the game is at)
        r"(?:뭐|뭘|어떤\s*거|어느\s*거)\s*(?:\S{1,4}해야|내야|둬야|골라야|뽑아야|버려야)\s*"
        r"(?:돼|되|됨|하나|할까|해|함)(?!\S*\s*(?:단계|차례))",
        "hint",
    ),
    # "뭐부터 내는게 좋음?" (what is best to play first?): advice asked for
    (r"(?:뭐|뭘|어떤\s*거|어느\s*거)\S*\s+\S*(?:는|하는)\s*게\s*(?:더\s*)?(?:좋|나아|낫)", "hint"),
    # "이 상황 최선수 추천 좀": advice asked for
    (r"추천\s*(?:좀|해|부탁|바람|요망|해줘|해주세요)|최선\s*의?\s*수", "hint"),
    # "이기는 조건이 뭐예요?", "이기려면 어떻게 해야 돼?": how one wins, asked
    (
        r"(이기는|이길|승리|지는|끝나는)\s*(조건|방법)|^\s*(이기려면|이길려면|승리하려면)",
        "how do i win",
    ),
    (r"(포기|기권|항복)\s*(?:취소|철회)", "keep going"),  # "아 기권 취소 계속할게요"
    (r"지금까지\s*(둔|한|낸|놓은)\s*(수|거)", "history"),
    # "6 교환 어떻게 됐는지 다시 알려줘" (tell me again how it went): what happened
    (r"어떻게\s*(?:됐|되었|된)\S*\s*(?:다시\s*)?(?:알려|말해|설명)", "history"),
    # "손패랑 버린더미 현황 좀" (my hand and the pile, how they stand): the board asked for
    (r"현황|(상황|상태)\s*(좀|보여|알려|어때)", "show the board"),
    # "판 다시 좀", "지금 상황판 좀" (the board again, please): the board, asked in a word
    (
        r"^\W*(?:지금\s*)?(?:상황판|판|보드|게임판|테이블)\s*(?:다시|한번|함)?\s*(?:좀|보여\S*)"
        r"[\s?!.~ㅋㅎ]*$",
        "show the board",
    ),
    # "버림더미 좀 볼게", "판 한번 보자" (let me look at the pile, at the board): a look, the
    # message ending on it (not "가져와 보자", let's try taking: 보 there helps another verb)
    (
        r"(더미|덱|보드|테이블|바닥|판|게임판|그리드|손패|패)\S*\s*(?:좀|한번|함|잠깐|다시|먼저)?\s*"
        r"(?:볼게|볼께|보자|볼래|봐야지|봐야겠다|보고\s*싶어|봐도\s*돼)\S{0,2}\s*[?!.~ㅋㅎ]*$",
        "show the board",
    ),
    # "더미 어떻게 쌓여있는지 보여줘" (show me how the pile is stacked): shown, not a rule
    (
        r"(더미|보드|테이블|바닥|판|게임판|그리드)\S*.*보여\s*(줘|주세요|줄래|줄 ?수)",
        "show the board",
    ),
)
# what a message's first or last words may say (not the board or one's cards: "패 많다 ㅋㅋ")
_PART_SAYS = {
    "resign", "do not resign", "play again", "keep going", "hint", "undo", "whose turn",
    "who is winning", "legal moves", "history", "what does the opponent have", "rules",
}  # fmt: skip
_CARDISH = re.compile(  # a card, a code or a card named by its place or worth ("마지막 카드",
    # "첫 번째 장", "두번째 거", "젤 높은 카드")
    r"[♠♥♦♣]|\d|스페이드|하트|다이아|클로버|클럽|에이스|킹|퀸|잭|"
    r"(?:마지막|첫|번째|째|왼쪽|오른쪽|가운데|높은|낮은|센|쎈|큰|작은)\s*(?:카드|장|거|걸|것|꺼|껄)"
)


# a supposition: "…면" after a verb or a noun ("들어가면", "뒷면 카드면")
_SUPPOSES = re.compile(r"(?:으면|다면|라면|가면|오면|하면|되면|이면|카드면|나면|지면)(?=\s|$|[?,])")


def request(text: str) -> str | None:
    """The English request a Korean message says whole (a filler before it, 지금/이제/근데/그냥,
    and a polite 요 after it left out), one of the questions said anywhere (:data:`_SEARCHED`),
    or, in a message that names no card, its first or last words ("포기할래요 너무 어려워요ㅠ",
    "빨리빨리 ㅡㅡ 내 차례야?"); or None."""
    if _SUPPOSES.search(text):  # "…카드면 점수 어떻게 계산해?": asked of the rules, not a request
        return None
    for pattern, english in _SEARCHED[:1]:  # "어디 둘 수 있어?": asked, before "어디 둬?"
        if re.search(pattern, text):
            return english
    said = _whole(text)
    if said is not None:
        return said
    for pattern, english in _SEARCHED[1:]:
        if re.search(pattern, text):
            return english
    words = text.split()
    if len(words) < 2 or _CARDISH.search(text):
        return None
    for k in range(len(words) - 1, 0, -1):
        for part in (words[:k], words[-k:]):
            found = _whole(" ".join(part))
            if found in _PART_SAYS:
                return found
    return None


# a shrug at a sentence's end ("5장 먹지뭐 ㅠ", "그냥 내지 뭐"): "뭐" there asks nothing
_RESIGNED = re.compile(r"지\s*뭐(?=[\s.!~ㅠㅜㅋㅎ]*$)")


_TURNS = re.compile(r"(?<=[은는]\s)턴")


# a clause first that says what is not done ("안 잡고 …", "못 이기니까 …"): no move of its own
_NOT_DOING = re.compile(r"^\s*(?:안|못)\s*\S+(?:고|니까|니깐|서)\s+(?=\S)")
# … or what is not needed, then what is ("더미 3RA는 필요없고 걍 덱": the pile's card is no
# order; not "클럽2는 쓸데없으니까 … 버려", the card discarded because useless)
_NOT_NEEDED = re.compile(
    r"^.*?(?:필요\s*없|쓸모\s*없|쓸데\s*없|아깝)고[\s.]+(?=.*(?:[A-Za-z0-9♠♥♦♣]|덱|더미))"
)


def without_unwanted(text: str) -> str:
    """``text`` without a first clause that says a card is not needed or too good to give, when
    another thing is named after it ("더미 3RA는 필요없고 걍 덱", "1RS는 아깝고.. 5RM 버려")."""
    return _NOT_NEEDED.sub("", text)


# a question, then what it meant ("… 이길수 있어? 스페이드 말하는거", I mean spades): one question
_MEANT_AFTER = re.compile(r"\?\s*(\S+)\s*(?:말하는\s*거\S*|말이야|말임|얘기야|얘기임)[\s?.!ㅋㅎ]*$")


def to_english(text: str, translations: tuple[tuple[str, str, str, str], ...]) -> str:
    """A Korean message as English words the readers know (see the module's docstring)."""
    said = request(text)
    if said is not None:
        return (
            "yes resign"
            if said == "RESIGN?" and re.match(r"\s*(응|네|예|그래|어|ㅇㅇ)", text)
            else ("resign" if said == "RESIGN?" else said)
        )
    text = _RESIGNED.sub("지", text)  # "먹지 뭐": a shrug, no "what"
    text = _MEANT_AFTER.sub(r" \1?", text)  # "…이길수 있어? 스페이드 말하는거": still asked
    text = _NOT_DOING.sub("", text)  # "안 잡고 걍 가져갈래": what is not done, then the order
    text = without_unwanted(text)
    text = text.replace("쨰", "째")  # "두번쨰": a slip for 번째
    text = _SHORT_SUIT.sub(_suit_in_full, text)  # "2클", "4클로", "5스페": the suit cut short
    text = _RANK_FIRST.sub(
        _suit_first, text
    )  # 5스페이드, 에이스 하트로 → 스페이드 5, 하트 에이스로
    text = _SUIT_POLITE.sub(r"\1 ", text)  # 다이아요 → 다이아
    text = _SUIT_RANK.sub(r"\1 \2", text)  # 하트잭, 스페이드킹으로 → 하트 잭, 스페이드 킹으로
    text = _SUIT_THEN_RO.sub(r"\1 \2", text)  # 스페이드로: Kiwi reads one unknown noun
    text = _TURNS.sub(" turns ", text)  # "남은 턴": Kiwi reads 턴 after 은 as 터 + ㄴ
    game = [(kind, src, en) for lang, kind, src, en in translations if lang == "ko"]
    for kind, src, en in game:
        if kind == "phrase":
            text = re.sub(src, en, text)
    words = {**WORDS, **{src: en for kind, src, en in game if kind == "word"}}
    counters = {src: en for kind, src, en in game if kind == "counter"}
    asked, text = _how_many(text)
    asked = asked or next((en for ko, en in _ASKED if ko in text), "")
    if _MAY_I.search(text):  # "3열에 둬도 돼?": may I — asked, never played
        asked = "can i"
    english = _CARD.sub(r"\2 of \1", _words(text, words, counters))  # 스페이드 7 → 7 of spades
    ends_asked = text.rstrip().endswith("?") or bool(_ASKED_WITHIN.search(text))
    english = f"{asked} {english}".strip() + (" ?" if ends_asked else "")
    for kind, src, en in game:
        if kind == "after":
            english = re.sub(src, en, english)
    return english


# a suit and 로 (to, with) written as one at the end of a word ("트럼프는 스페이드로 할래")
_SUIT_THEN_RO = re.compile(r"(스페이드|하트|다이아몬드|다이아|클로버|클럽)(으로|로)(?![가-힣])")
# a suit and its rank's word written as one ("하트잭 내자", "클로버퀸으로 교체")
# (and a rank's letter or number written against it: "스페이드K", "하트10")
_SUIT_RANK = re.compile(
    r"(스페이드|하트|다이아몬드|다이아|클로버|클럽)(에이스|킹|퀸|잭|[AKQJ](?![A-Za-z])|10|[2-9](?!\d))"
)
_CARD = re.compile(r"\b(spades|hearts|diamonds|clubs) (ace|king|queen|jack|10|[2-9AKQJ])\b")
_SUITS_KO = r"(스페이드|하트|다이아몬드|다이아|클로버|클럽)"
# a rank written against its suit, rank first ("5스페이드", "7다이아를")
_RANK_FIRST = re.compile(
    r"(?<![\d가-힣A-Za-z])(?:(10|[2-9AKQJakqj]|에이스|킹|퀸|잭)|"
    r"(?<!드 )(?<!트 )(?<!아 )(?<!버 )(?<!럽 )"
    r"(에이스|킹|퀸|잭) )"
    + _SUITS_KO
    # (a number after the suit is its rank, unless a counter follows it: "잭하트 2열")
    + r"(?!\s*(?:\d(?!\d*\s*(?:열|줄|칸|번|컬럼|칼럼))|에이스|킹|퀸|잭|[AKQJ](?![A-Za-z])))"
)


# a rank and its suit cut short ("2클 7열에", "4클로 4열", "K스페"): the suit in full
_SHORT_SUIT = re.compile(r"(?<![\w])(10|[2-9AKQJ])\s*(클로|클|스페|다이)(?![가-힣])")
_SUITS_IN_FULL = {"클로": "클로버", "클": "클로버", "스페": "스페이드", "다이": "다이아"}


def _suit_in_full(m: re.Match[str]) -> str:
    return f"{m.group(1)}{_SUITS_IN_FULL[m.group(2)]}"


def _suit_first(m: re.Match[str]) -> str:
    return f"{m.group(3)} {(m.group(1) or m.group(2)).upper()} "


# a suit said with a polite ending ("트럼프는 다이아요")
_SUIT_POLITE = re.compile(_SUITS_KO + r"(?:이)?요(?![가-힣])")


# a question word: put first in English, so the message reads as the question it is
_ASKED = (
    ("어떻게", "how"), ("왜", "why"), ("언제", "when"), ("어디", "where"), ("누가", "who"),
    ("누구", "who"), ("무슨", "what"), ("무엇", "what"), ("뭘", "what"), ("뭐", "what"),
    ("어느", "which"),
)  # fmt: skip
# a question said inside a sentence ("어느 줄이 내 줄인지 헷갈리네", which row is mine, I'm not
# sure): asked, as if it ended with "?"
_ASKED_WITHIN = re.compile(
    r"(?:인지|는지|은지|건지|던지|ㄴ지)\s*(?:잘\s*)?(?:헷갈|모르겠|몰라|궁금|알려)"
)
# (not "…면 되니까", because that is enough: a reason)
_MAY_I = re.compile(r"(?:도|면)\s*(?:돼|되(?!니까|니깐)|될까|되나|되냐|됨|괜찮)\S*\s*\??\s*$")
# … or 얼마나 ("how much") asked of what is left or there ("드로우 덱 얼마나 남았음")
_HOW_MANY = re.compile(
    r"몇\s*(?:" + "|".join(sorted(COUNT_WORDS)) + r")?(?!\s*번\s*째)|얼마나(?=\s*(?:남|있))"
)


def _how_many(text: str) -> tuple[str, str]:
    """A question with 몇 ("how many", "what number") asked the English way: the question words
    first ("체크된 말 몇 개야?" → "how many" + the rest; "최고 체인 몇이야?" → "what is" + the
    rest), 몇 and its counter taken out of the text."""
    found = _HOW_MANY.search(text)
    if found is None:
        return "", text
    asked = "how many" if found.group(0).strip() != "몇" else "what is"
    return asked, text[: found.start()] + " " + text[found.end() :]


def _number(form: str, tag: str) -> int | None:
    if tag == "SN" and form.isdigit():
        return int(form)
    if tag in ("MM", "NR"):
        return NATIVE.get(form, SINO.get(form))
    return None


_THING = ("거", "것")


def _ordinal_step(tokens: list[Any], i: int) -> int:
    """How many tokens after a number make it an ordinal (번 째, or 번째 as one), or 0."""
    forms = [t.form for t in tokens[i + 1 : i + 3]]
    if forms[:1] == ["번째"]:
        return 1
    return 2 if forms == ["번", "째"] else 0


def _words(text: str, words: dict[str, str], counters: dict[str, str]) -> str:  # noqa: C901
    """Kiwi's morphemes of ``text`` translated: verbs first, then the rest in order."""
    tokens = list(morphemes(text))
    verbs: list[str] = []
    out: list[str] = []
    last_end = -1
    i = 0
    while i < len(tokens):
        t = tokens[i]
        form, tag = t.form, t.tag.split("-")[0]
        value = _number(form, tag)
        if value is not None:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            ordinal = None
            step = _ordinal_step(tokens, i)
            if step:  # 두 번째, 두번째
                ordinal, i = ORDINAL.get(value, f"{value}th"), i + step
                nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and (nxt.form in counters or (ordinal and nxt.form in _THING)):
                noun = counters.get(nxt.form, "one")  # 두 번째 거 → the second one
                out.append(f"the {ordinal} {noun}" if ordinal else f"{noun} {value}")
                i += 2
                last_end = -1
                continue
            if ordinal:  # Korean has no articles: "두 번째 카드" → "the second card"
                out.append(f"the {ordinal}")
                i += 1
                last_end = -1
                continue
        if not HANGUL.search(form):
            piece = text[t.start : t.start + t.len]
            if piece and t.start == last_end and out:
                out[-1] += piece  # C + 3 written together stay C3
            elif tag not in ("SF", "SP") or piece in (",", "-"):
                out.append(piece)
            last_end = t.start + t.len
            i += 1
            continue
        last_end = -1
        english = words.get(form)
        if english is None and tag.startswith(_DROPPED):
            i += 1
            continue
        if english:
            (verbs if tag.startswith(_VERB) else out).append(english)
        i += 1
    joined = " ".join(out).replace(" , ", ",").replace(" ,", ",")
    return " ".join([*dict.fromkeys(verbs), joined]).strip()
