"""Generic determinisation: whole states a seat could not tell apart from the real one.

A Belief is a cloud of particles, each a complete state of the game (under explicit
chance), consistent with everything one seat has observed since the start: its view after
every action and every event it was told (observe.py). It follows the real game step by
step, each particle keeping the path that made it (deals.py):

- what the seat was told is taken as it was: its own actions, others' actions not taken
  `secretly`, chance whose outcome it saw (a card drawn into its hand), each weighed by its
  odds in the guess;
- what it was not told is proposed: hidden chance by its odds, a few options a particle
  (`wide`: the cloud stands for the rest; every option, up to `branch`, for a few particles
  when none of those fits); another seat's secret choice as the next event the seat read of
  it names it (`revealed: P2: play 5`), else any; a step that drew on the random generator
  (a lazily shuffled deck read other than by `draw`) is tried again with other seeds; only
  candidates after which the seat sees exactly what it saw are kept;
- when none fits a step that reveals other seats' secret choices the guesses made blind (the
  seat chose last), those are made again as it names them (reveals.py); then face-down
  components no seat has seen are laid otherwise before the step (the next card of a deck, a
  token told drawn from a pool where the guess left it in the box: another outcome of the
  chance that laid them, the path kept);
  then the deal of a guess is changed (deals.py): two components the seat cannot
  tell apart exchanged in every hidden draw of its path, steered by the components the
  step's events name, the path replayed and checked (under a deadline, these climbs have
  CLIMB_SHARE of the time left to repair the step); then the step is repaired in place
  (repair.py: lookalikes swapped, components whose place the seat cannot see moved); then
  the deal wanders (random transpositions kept while the path fits, the step tried after each); then
  the last NEAR_BACK (then FAR_BACK) steps are followed again with 4 (then 8) times the
  particles (retreat.py): consequences of hidden moves that show only later;
- the particles are resampled to `particles` by weight (systematic resampling); equal
  draws share one state, with a count; a cloud that collapsed onto few guesses is spread by
  random transpositions of their deals, each kept when its replay fits.

Nothing here reads the real game's hidden parts: the particles start from a seed of the
belief's own, and the real game is seen only through the Observer's steps. Two real games
that differ only in what the seat may not see give the same belief for the same seed.

Cost. Following one action costs one `apply` and one view digest per particle for an
action the seat was told, a few for one it was not; a transposition replays a path from
its last checkpoint before the components exchanged were first drawn (deals.py), and only
when a step fits no particle (after trying it on the guess as it stands) or the cloud is spread. Each `update`
follows only the actions new since the last. `work` caps the applies of one update
(counted, so the result does not depend on the machine), and `update` may be given
deadlines (a move's budget of seconds): the cloud shrinks to what the hard deadline
affords, repairs stop at the soft one, and steps left at the hard one are followed at the
next update (`behind`), as is a step
whose repairs the soft deadline stopped (up to POSTPONE times, then its closest guesses).

Fallback. When no particle can be made to fit a step, the closest guesses are kept (the
fewest differing events, then view entries), and `exact` turns False: the states are still
legal states of the game, built only from what the seat saw, but the seat could tell them
from the real one. The belief then goes on from them. `verified` says more than `exact`:
every guess is the end of a path the rules allow (none was repaired in place).
"""
from __future__ import annotations

import bisect
import random

from ..errors import RulesError
from ..runtime.sampling import generator
from .compare import distance, event_distance
from .deadlines import Deadlines, Late
from .deals import Deals, entry_of, link
from .observe import Observer, observe
from .particles import Candidate, Particle, Stats
from .repair import Repairs
from .retreat import FAR_BACK, Retreats
from .reveals import REVEALED, Reveals
from .windows import Windows

SEED_SPACE = 2 ** 62
CLOSEST_VIEWS = 4            # candidates whose whole views a fallback compares
BROADEN = 4                  # guesses that try every option of a step none of their draws fits
CLIMB_SHARE = 0.5            # of the time left to repair a step, what the climbs keeping the path may take
POSTPONE = 3                 # updates that may leave a step no guess fits yet before the closest are kept


class Belief(Deadlines, Deals, Repairs, Retreats, Reveals, Windows):
    """What one seat may believe the whole state to be, kept up to date with `update(state)`
    and sampled with `sample(rng)`. See the module docstring."""

    def __init__(self, game, seat: int, seed: int = 0, particles: int = 32, branch: int = 24,
                 retries: int = 4, work: int = 40_000, min_particles: int = 2):
        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"a belief is held by a seat: 0 to {game.players - 1}, not {seat!r} "
                             "(chance has no belief)")
        self.game = game
        self.seat = seat
        self.size = particles
        self.branch = branch
        self.retries = retries
        self.work = work
        self.min_particles = min(min_particles, particles)
        self.rng = random.Random(seed)
        self.observer = Observer(game, seat)
        self.particles: list = []
        self.followed = 0
        self.exact = True
        self.stats = Stats()
        self.history: dict = {}
        self.deal = None          # the start state every path is replayed from (deals.py)
        self.announced: dict = {}     # seat's name -> [(step, {labels the seat read it chose there})]
        self._heard = 0               # steps whose events are in announced
        self._budget = 0
        self._soft = self._hard = None
        self._at = 0                  # the step being followed
        self._rate = 1e-3             # seconds an apply costs, as measured (_measure)
        self._dead: dict = {}         # transpositions known to contradict a path (deals.py)
        self._postponed: dict = {}    # step -> how many updates left it for the next (_postpone)

    # ------------------------------------------------------------------ following the game
    def update(self, state, soft=None, hard=None, spread=None) -> bool:
        """Follow the real game up to `state` (seen only through the seat's observations).
        soft, hard: None, or times (time.perf_counter()) past which the belief stops repairing
        (soft: steps no guess fits take their closest guesses) and stops following (hard: the
        steps left are followed at the next update); spread: the time past which a cloud that
        collapsed is not spread (default: soft). Returns whether it caught up with the game
        (always, without hard)."""
        games = self.observer.games
        self.observer.update(state)
        if not self.particles or self.observer.games != games:
            self._start()
        self._budget = self.work
        self._soft, self._hard = soft, hard
        self._hear()
        started, applies = self.now(), self.stats.applies
        first = hard is None or started < hard     # an update's first step is taken (Deadlines)
        while self.followed < len(self.observer.steps):
            try:
                if not first and hard is not None and self.now() > hard or not self._follow(None if first else hard):
                    self.stats.late += 1
                    return False
            except Late:
                self.stats.late += 1
                return False
            first = False
            if self.stats.applies - applies >= 8:
                self._measure(started, applies)
                started, applies = self.now(), self.stats.applies
        if self.exact and not self._out_of_work():
            self._soft = spread if spread is not None else soft
            if not self._out_of_work():
                self.particles = self._spread(self.particles, self.size)
            self._soft = soft
        return True

    def _hear(self) -> None:
        """Note every choice the seat read of, `Seat: label`, alone or in a reveal of secret
        choices (`revealed: P1: …; P2: …`): per seat's name, [(step, {labels read there})]."""
        steps = self.observer.steps
        if self._heard > len(steps):
            self.announced, self._heard = {}, 0
        for i in range(self._heard, len(steps)):
            for text in steps[i].observation.events:
                for part in (text[len(REVEALED):].split("; ") if text.startswith(REVEALED) else (text,)):
                    name, sep, label = part.partition(": ")
                    if sep:
                        heard = self.announced.setdefault(name, [])
                        if not heard or heard[-1][0] != i:
                            heard.append((i, set()))
                        heard[-1][1].add(label)
        self._heard = len(steps)

    def _told_later(self, state, step_index: int, options: list) -> list:
        """The options of another seat's secret choice that the seat read of in this step (the
        last of simultaneous choices is revealed with the others in the step that makes it), else
        next, after it (the reveal of simultaneous choices names each): the only ones that can
        fit when it was that choice revealed, so the ones tried; all of them when none was read of."""
        heard = self.announced.get(state.prog.players[state.current_player].label)
        if not heard:
            return options
        at = bisect.bisect_left(heard, (step_index,))
        if at < len(heard) and heard[at][0] == step_index:
            now = [(label, w) for label, w in options if label in heard[at][1]]
            if now:
                return now
            at += 1     # read of in this step, but not this choice (an announcement naming the seat)
        if at == len(heard):
            return options
        labels = heard[at][1]
        later = [(label, w) for label, w in options if label in labels]
        return later or options

    @property
    def behind(self) -> int:
        """How many of the steps seen are not followed yet (an update stopped by its deadline)."""
        return len(self.observer.steps) - self.followed

    @property
    def verified(self) -> bool:
        """Whether every guess is the end of a history the rules allow that showed the seat, step
        by step, what it saw (its path, deals.py); False once a repair changed a guess in place."""
        return self.exact and all(p.path is not None for p in self.particles)

    def _seed(self) -> int:
        return self.rng.randrange(SEED_SPACE)

    def _start(self) -> None:
        """A fresh cloud at the game's start: the set-up ran, so it must show what the seat saw."""
        self.followed = 0
        self.exact = True
        target = self.observer.start
        best, best_d = None, None
        for _ in range(1 + self.retries):
            state = self.game.new_game(seed=self._seed(), chance="explicit")
            self.stats.applies += 1
            d = distance(observe(state, self.seat, None), target)
            if best is None or d < best_d:
                best, best_d = state, d
            if d == 0:
                break
        if best_d:
            self.exact = False
            self.stats.inexact_steps += 1
        self.deal = best if not best_d else None
        self._dead, self._postponed, self._retreated = {}, {}, None
        self.particles = [Particle(best, self.size, ())]
        self.history = {0: self.particles}

    def _follow(self, hard=None) -> bool:
        """Take the next step the seat saw: exactly if possible (going back and following the
        last steps again with a larger cloud if need be), else as closely as possible; False
        when the step is left for the next update (_postpone); Late past `hard` (None: its
        proposal whatever the clock, its repairs until the soft deadline)."""
        i = self._at = self.followed
        step = self.observer.steps[i]
        self.stats.steps += 1
        size = self._affordable()
        particles = self.particles
        if self._hard is not None and size < len(particles):     # the cloud thinned to what time affords
            particles = self._resample([Candidate.kept(p) for p in particles], size)
        cloud, found = self._within(hard, self._step_cloud, particles, step, size)
        if cloud is None and self.exact and self._repairing():
            cloud = self._within(self._soft, self._retreat, i)
        if cloud is None and self._postpone(i):
            return False
        if cloud is None:
            closest = self._within(hard, self._closest, found, step)
            if not closest:
                raise LostTrack(f"no guessed state can take step {i + 1} as seat {self.seat + 1} saw it")
            cloud = self._resample(closest, size)
        self.particles = cloud
        self.followed = i + 1
        self._retreated = None
        self.history[i + 1] = cloud
        self.history.pop(i + 1 - FAR_BACK, None)
        if i > FAR_BACK:        # older than any retreat goes back to: compared by its digest alone
            self.observer.steps[i - FAR_BACK - 1].observation.settle()
        return True

    def _postpone(self, i: int) -> bool:
        """Whether to leave step i, which no guess fits yet, for the next update rather than keep
        the closest guesses: only when the repairs were stopped by the clock (a deadline, not
        the count of applies), the belief is exact, and the step was not left POSTPONE times
        already. An exact belief behind the game catches up at the next moves; one that kept
        its closest guesses stays inexact until a fresh one has followed the whole game."""
        if not self.exact or self._soft is None or self._budget <= 0 or self.now() <= self._soft:
            return False
        left = self._postponed.get(i, 0)
        if left >= POSTPONE:
            return False
        self._postponed = {i: left + 1}
        return True

    def _step_cloud(self, particles: list, step, size: int):
        """(the cloud after step, the candidates tried); the cloud is None when none fits exactly."""
        found = []
        # Each guess tries a few options: the cloud stands for the rest. Only when none fits does
        # a guess try every option (up to branch), then its deal is changed.
        wide = max(1, min(self.branch, size // len(particles)))
        for particle in particles:
            found.extend(self._children(particle, step, wide))
        fitting = [c for c in found if c.observation == step.observation]
        if not fitting and self._repairing():
            try:
                fitting = self._within(self._soft, self._repairs, particles, step, found, wide)
            except Late:
                fitting = []        # the repairs ran out of time: the step is left for later
        return (self._resample(fitting, size) if fitting else None), found

    def _repairs(self, particles: list, step, found: list, wide: int) -> list:
        """The candidates that take step exactly, made by the repairs in turn (found: those
        tried so far, extended)."""
        fitting, remade = self._remade(particles, step, found)
        if not fitting and wide < self.branch:
            for particle in particles[:BROADEN]:
                found.extend(self._children(particle, step, self.branch, every=True, enough=BROADEN - len(fitting)))
                fitting = [c for c in found if c.observation == step.observation]
                if len(fitting) >= BROADEN:
                    break
        if not found and not fitting and step.label is not None and self._repairing():
            # a told action no guess allows: lookalikes nobody has seen swapped in place first
            found.extend(self._make_legal(particles, step, with_path=True))
            fitting = [c for c in found if c.observation == step.observation]
        if not fitting and self._repairing():
            # the climbs that keep the path (dear: replays) get a share of the time, the repairs in
            # place (a step's work each) the rest: under a deadline both are tried in one move
            fitting = self._share(CLIMB_SHARE, self._climb, remade + particles, step, found)
        if not found and not fitting and step.label is not None and self._repairing():
            found.extend(self._make_legal(particles, step))
            fitting = [c for c in found if c.observation == step.observation]
        if not fitting and self._repairing():
            fitting = self._repair(found, step)
        if not fitting and self._repairing():
            fitting = self._wander(particles, step)
        return fitting

    def _climb(self, particles: list, step, found: list) -> list:
        return self._reordered(found, step) or self._transpose(particles, step, found)

    def _children(self, particle, step, wide: int, every: bool = False, enough=None) -> list:
        """The candidates after step from one particle, each with its weight: `wide` options drawn
        among them by weight, or (every) each of them when there are at most `branch`; with
        `enough`, taken in an order drawn by weight until that many fit the step (a deal of twenty
        cards whose backs the seat saw: the first few that show the back it saw will do)."""
        state = particle.state
        if state.is_terminal() or state.failed or (step.actor != state.current_player and self.exact):
            return []
        if step.label is not None and step.actor == state.current_player:
            # chance the seat saw weighs by its odds in this guess (a card likelier in a smaller deck)
            odds = dict((a.label, p) for a, p in state.chance_outcomes()) if state.is_chance() else None
            options = [(step.label, odds[step.label] if odds else 1.0)] if step.label in state.legal_labels() else []
        elif state.is_chance():
            options = [(a.label, p) for a, p in state.chance_outcomes()]
        else:
            actions = state.legal_labels()
            options = self._told_later(state, self._at, [(label, 1.0 / len(actions)) for label in actions])
        if len(options) > (self.branch if every else wide):
            options = self._sample_options(options, wide)
        out = []
        told = step.label is not None
        if enough is not None and len(options) > 1:
            options = self._weighted_order(options)
        fits = 0
        for label, weight in options:
            taken = self._take(state, label, particle.count * weight, step, particle.path, told)
            out.extend(taken)
            if enough is not None:
                fits += sum(c.observation == step.observation for c in taken)
                if fits >= enough:
                    break
        return out

    def _weighted_order(self, options: list) -> list:
        """The options in a random order in which likelier ones tend to come first (each keyed by
        u ** (1 / weight), u uniform: the order of drawing them one by one without replacement)."""
        keys = [self.rng.random() ** (1.0 / w) if w > 0 else 0.0 for _, w in options]
        return [options[i] for i in sorted(range(len(options)), key=keys.__getitem__, reverse=True)]

    def _sample_options(self, options: list, k: int) -> list:
        """k draws among many options, by weight (with replacement; repeats merged)."""
        total = sum(w for _, w in options)
        drawn = self.rng.choices(range(len(options)), weights=[w for _, w in options], k=k)
        counts: dict = {}
        for i in drawn:
            counts[i] = counts.get(i, 0) + 1
        return [(options[i][0], total * n / k) for i, n in sorted(counts.items())]

    def _take(self, state, label: str, weight: float, step, path=None, told: bool = False) -> list:
        """Take label from state (again with other generator seeds while it draws on the
        generator and does not fit); path: the state's (None: none), which the candidates extend."""
        out = []
        for _ in range(1 + self.retries):
            seed = self._seed()
            child = state.reseeded(seed)
            before = generator(child)
            self._spend()
            entry = None if path is None else entry_of(state, label, told, seed)
            try:
                child.apply(label)
            except RulesError:
                return out
            candidate = Candidate(child, weight, observe(child, self.seat, state.log_mark), state, label, seed,
                                  None if path is None else link(entry, path, child))
            out.append(candidate)
            if candidate.observation == step.observation or generator(child) == before:
                break
        if len(out) > 1:
            # Retries stand for one option: keep the fitting one if any, else all at a share.
            fit = [c for c in out if c.observation == step.observation]
            if fit:
                return fit[:1]
            for c in out:
                c.weight = weight / len(out)
        return out

    # ------------------------------------------------------------------ when nothing fits
    def _closest(self, found: list, step) -> list:
        """The fallback: the candidates nearest to what the seat saw (never the real state)."""
        if not found:
            found = self._any_step()
        if not found:
            return []
        # the events first (cheap); the views (whole views, dear) only of a few closest by them
        target = step.observation
        by_events = [(event_distance(c.observation.events, target.events), c) for c in found]
        nearest = min(d for d, _ in by_events)
        near = [c for d, c in by_events if d == nearest][:CLOSEST_VIEWS]
        scored = [(c.observation == target and 0 or distance(c.observation, target), c) for c in near]
        best = min(d for d, _ in scored)
        self.exact = False
        self.stats.inexact_steps += 1
        return [c for d, c in scored if d == best]

    def _any_step(self) -> list:
        """When no particle can take the step as the seat saw it: every option of every particle."""
        out = []
        for particle in self.particles:
            state = particle.state
            if state.is_terminal() or state.failed:
                continue
            if state.is_chance():
                options = [(a.label, p) for a, p in state.chance_outcomes()]
            else:
                labels = state.legal_labels()
                options = [(label, 1.0 / len(labels)) for label in labels]
            if len(options) > self.branch:
                options = self._sample_options(options, self.branch)
            for label, weight in options:
                seed = self._seed()
                child = state.reseeded(seed)
                self.stats.applies += 1
                self._tick()
                try:
                    child.apply(label)
                except RulesError:
                    continue
                out.append(Candidate(child, particle.count * weight, observe(child, self.seat, state.log_mark),
                                     state, label, seed))
        return out

    # ------------------------------------------------------------------ resampling and sampling
    def _resample(self, candidates: list, size: int) -> list:
        """`size` particles drawn by weight (systematic resampling); equal draws share one state.
        The candidates are shuffled first: they come in a periodic order (each particle's options
        in turn), and one evenly spaced comb over such a list draws the same option of every
        particle (every particle's first option, none its second, when both fit equally)."""
        candidates = list(candidates)
        self.rng.shuffle(candidates)
        total = sum(c.weight for c in candidates)
        if total <= 0:
            weights = [1.0] * len(candidates)
            total = float(len(candidates))
        else:
            weights = [c.weight for c in candidates]
        stride = total / size
        point = self.rng.random() * stride
        acc, drawn = 0.0, 0
        counts = [0] * len(candidates)
        for i, w in enumerate(weights):
            acc += w
            while point < acc and drawn < size:
                counts[i] += 1
                drawn += 1
                point += stride
        counts[max(range(len(weights)), key=weights.__getitem__)] += size - drawn
        out = []
        for c, n in zip(candidates, counts):
            if n:
                out.append(Particle(c.state, n, c.path))
        return out

    def sample(self, rng: random.Random):
        """A determinisation: a copy of one particle (drawn by count), with a generator seeded
        from rng, so that the chance to come is not the same in every sample."""
        if not self.particles:
            raise LostTrack("the belief has not followed any game yet")
        weights = [p.count for p in self.particles]
        particle = rng.choices(self.particles, weights=weights)[0]
        return particle.state.reseeded(rng.randrange(SEED_SPACE))

    def distinct(self) -> int:
        """How many different states the particles hold."""
        return len(self.particles)


class LostTrack(Exception):
    """No guessed state can follow the game as the seat saw it (the game ended in every guess,
    or every rule failed): a bot falls back on a choice that needs no guess."""


def determinise(state, seat: int, seed: int = 0, **options):
    """One state that `seat` could not tell apart from `state` (see Belief; options are its
    settings). Follows the whole game from its start: a bot keeps a Belief and updates it."""
    belief = Belief(state.game, seat, seed, **options)
    belief.update(state)
    return belief.sample(random.Random(seed))
