/**
 * A replay as late as the run allows (section 8): the run's earliest keyed create is sent again
 * once the run profile's replayAfterMs has passed since it answered (the family's other checks
 * fill most of that; this file runs last in the family: engine/suite-order.ts), and must repeat
 * its first answer verbatim. A key forgotten by then breaks the 24-hour retention; a key kept
 * proves only the wait this run made, and the retention is reported skipped, naming the 24 hours.
 */
import { runProfile, RUN_PROFILE_NAMES } from '../../harness/run-profiles.js';
import { expectReplayRuleByRule, type CheckContext, type Exchange, verify } from '../../harness/suite/index.js';
import { realClock } from '../../harness/suite/poll.js';
import { timeOf } from '../../harness/suite/release.js';
import { applicationIdOf } from './application-reader.js';
import { keyedCreate } from './applications.js';
import { historySoFar } from './history/closing.js';
import { createdBy } from './history/timeline.js';
import { ENROLLMENTS_PATH } from './requests.js';

const RETENTION = 'IDEMP-RETENTION-24H';
/** Time the check keeps beside its longest wait, for the replay and its report. */
const MARGIN_MS = 30_000;
const LONGEST_WAIT_MS = Math.max(...RUN_PROFILE_NAMES.map((p) => runProfile(p).replayAfterMs ?? 0));

/** The run's earliest keyed create of an application (the family's key), or the run's one keyed create. */
async function earliestKeyedCreate(t: CheckContext): Promise<{ create: Exchange; key: string; role: string }> {
  const keyed = createdBy(historySoFar(t), t.defaultRole).filter((a) => a.key !== undefined);
  const earliest = keyed.sort((a, b) => timeOf(a.create).end - timeOf(b.create).end)[0];
  if (earliest) return { create: earliest.create, key: earliest.key!, role: earliest.role };
  const { req, first } = await keyedCreate(t);
  return { create: first, key: String(req.idempotencyKey), role: t.defaultRole };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

verify(
  'a create replayed as late as the run profile allows repeats its first answer verbatim with Idempotent-Replay: true',
  ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER', RETENTION],
  async (t) => {
    const { create, key, role } = await earliestKeyedCreate(t);
    const wait = runProfile(t.config.runProfile).replayAfterMs ?? 0;
    const answered = timeOf(create).end;
    // Whatever the run has not yet spent of the wait, within the check's own deadline.
    const left = (t.deadlineAt ?? Number.POSITIVE_INFINITY) - realClock.now() - MARGIN_MS;
    await realClock.sleep(Math.max(0, Math.min(answered + wait - Date.now(), left)));
    const again = await t.send({
      method: 'POST',
      path: ENROLLMENTS_PATH,
      body: create.request.body,
      contentType: 'application/json',
      idempotencyKey: key,
      role,
      label: `the run's earliest create again, ${seconds(Date.now() - answered)} after it answered`,
    });
    const after = seconds(timeOf(again).start - answered);
    const original = applicationIdOf(create.response?.json);
    const fresh = again.response?.headers['idempotent-replay'] !== 'true' && (again.response?.status ?? 0) < 300;
    t.expect.rules(RETENTION).that(again, {
      holds: !(fresh && applicationIdOf(again.response?.json) !== original),
      title: 'the key was forgotten',
      expected: `the first answer replayed (application ${original}): a key is kept 24 hours`,
      observed: () => `${after} later, a new create: ${again.response!.status} ${again.response!.body.slice(0, 200)}`,
    });
    expectReplayRuleByRule(t, create, again);
    // Kept for as long as this run waited: the 24 hours are said, never passed.
    t.tracker.judged.get(again)?.delete(RETENTION);
    t.tracker.unjudged.set(
      RETENTION,
      `a replay 24 hours after its first call (this run replayed one ${after} after it answered, ` +
        `the longest the ${t.config.runProfile} profile waits)`,
    );
  },
  { needs: { writes: true, fixtures: ['planFull'] }, timeoutMs: LONGEST_WAIT_MS + MARGIN_MS },
);
