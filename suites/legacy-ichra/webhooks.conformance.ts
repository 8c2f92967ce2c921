/**
 * Older ICHRA webhooks (section 6): a submitted application is followed by a
 * submission-confirmation event and a policy-status event at the partner's receiver. Needs a
 * receiver the target delivers to (see webhook-inbox.ts); each check submits its own
 * application and waits, bounded, for its event.
 */
import { verify } from '../../harness/suite/index.js';
import { createdApplication, submitted } from './application-steps.js';
import { awaitEvent, familyOf, webhookInbox, type EventFamily } from './webhook-inbox.js';

const cases: ReadonlyArray<{ family: EventFamily; rule: string }> = [
  { family: 'submission confirmation', rule: 'LEGACY-WEBHOOK-SUBMISSION' },
  { family: 'policy status', rule: 'LEGACY-WEBHOOK-POLICY-STATUS' },
];

for (const { family, rule } of cases) {
  verify(
    `a submitted application is followed by a ${family} webhook`,
    [rule],
    async (t) => {
      const inbox = webhookInbox(t);
      const { id } = await createdApplication(t);
      const submit = await submitted(t, id);
      const { event, seen } = await awaitEvent(t, inbox, id, family);
      t.expect.rules(rule).that(submit, {
        holds: event !== undefined,
        title: `no ${family} webhook`,
        expected: `a ${family} event naming application ${JSON.stringify(id)} at the receiver within the async timeout`,
        observed: () =>
          seen.length === 0
            ? 'no event naming the application'
            : `only ${seen.map((e) => familyOf(e) ?? 'unrecognised').join(', ')} event(s)`,
      });
    },
    { needs: { fixtures: ['legacyPlanHiosId'], webhookReceiver: true } },
  );
}
