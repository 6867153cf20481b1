"""Issue 39 (W1): no client takes another's place. The open streams' places
(`journal.web.places`): a client's next stream past its cap sheds its own oldest, a full
link takes from the client holding most of it, the table screen goes last, and a link
answers 503 only when each of its places is another device's one stream. A property over
any sequence of opened and closed streams."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from journal.web.places import Place, Places


def test_a_clients_next_stream_past_its_cap_sheds_its_own_oldest() -> None:
    places = Places(per_link=50, per_client=3)
    other = places.take("players", "10.0.0.9", table=True)
    mine = [places.take("players", "10.0.0.2", table=False) for _ in range(3)]
    newest = places.take("players", "10.0.0.2", table=False)
    assert newest is not None and mine[0] is not None and mine[0].gone
    assert not any(p.gone for p in mine[1:] if p) and other is not None and not other.gone
    assert places.held(client="10.0.0.2") == 3 and places.held("players") == 4


def test_the_table_screen_is_shed_last() -> None:
    places = Places(per_link=50, per_client=2)
    tv = places.take("players", "127.0.0.1", table=True)
    tab = places.take("players", "127.0.0.1", table=False)
    newer = places.take("players", "127.0.0.1", table=False)
    assert tv is not None and not tv.gone and tab is not None and tab.gone
    assert newer is not None and not newer.gone
    # only table screens left: the oldest of them goes
    second_tv = places.take("players", "127.0.0.1", table=True)
    third_tv = places.take("players", "127.0.0.1", table=True)
    assert newer.gone and tv.gone and second_tv is not None and not second_tv.gone
    assert third_tv is not None


def test_a_full_link_takes_from_the_client_holding_most_of_it() -> None:
    places = Places(per_link=4, per_client=10)
    greedy = [places.take("players", "10.0.0.1", table=False) for _ in range(3)]
    phone = places.take("players", "10.0.0.2", table=False)
    tv = places.take("players", "10.0.0.3", table=True)  # a newcomer: the greedy one yields
    assert tv is not None and greedy[0] is not None and greedy[0].gone
    assert phone is not None and not phone.gone
    again = places.take("players", "10.0.0.2", table=False)  # a holder yields its own
    assert again is not None and phone.gone and not greedy[1].gone  # type: ignore[union-attr]


def test_a_link_full_of_other_devices_single_streams_answers_none() -> None:
    places = Places(per_link=2, per_client=10)
    first = places.take("players", "10.0.0.1", table=False)
    second = places.take("players", "10.0.0.2", table=False)
    assert places.take("players", "10.0.0.3", table=True) is None
    assert first is not None and second is not None and not first.gone and not second.gone
    assert places.take("gm", "10.0.0.3", table=False) is not None  # another link's own
    places.give_back(first)
    places.give_back(first)  # twice is once
    assert places.held("players") == 1
    assert places.take("players", "10.0.0.3", table=True) is not None


OPS = st.lists(
    st.one_of(
        st.tuples(
            st.just("take"),
            st.sampled_from(["players", "gm"]),
            st.sampled_from(["a", "b", "c", "d"]),
            st.booleans(),
        ),
        st.tuples(st.just("close"), st.integers(0, 200)),
    ),
    max_size=120,
)


@settings(max_examples=300, deadline=None)
@given(ops=OPS, per_link=st.integers(1, 6), per_client=st.integers(1, 4))
def test_no_client_takes_another_clients_place(
    ops: list[tuple[object, ...]], per_link: int, per_client: int
) -> None:
    places = Places(per_link, per_client)
    open_: list[Place] = []
    for op in ops:
        if op[0] == "close":
            if open_:
                places.give_back(open_.pop(int(op[1]) % len(open_)))  # type: ignore[call-overload]
            continue
        _, link, client, table = op
        assert isinstance(link, str) and isinstance(client, str) and isinstance(table, bool)
        before = {p: None for p in open_}
        of_link = {c: sum(p.link == link and p.client == c for p in open_) for c in "abcd"}
        taken = places.take(link, client, table)
        shed = [p for p in before if p.gone]
        open_ = [p for p in open_ if not p.gone]
        if taken is None:  # only a link full of other devices' single streams
            assert sum(of_link.values()) == per_link and of_link[client] == 0
            assert all(n <= 1 for n in of_link.values()) and not shed
            continue
        open_.append(taken)
        assert len(shed) <= 2
        for gone in shed:
            if gone.client != client:  # another's place only for a full link, from the greediest
                assert gone.link == link and of_link[gone.client] >= 2
                assert of_link[gone.client] == max(of_link.values())
            if gone.table:  # the table screen only when its client had nothing else to give
                assert not any(
                    not p.table and p.client == gone.client and p.link == gone.link
                    for p in before
                    if p not in shed
                )
        assert places.held(link) <= per_link and places.held(client=client) <= per_client
        assert places.held() == len(open_)
