/**
 * How a check marks a request it makes wrong on purpose (MadeWrong, harness/model.ts), spread
 * into the request: `t.send({ ...createRequest(body), ...wrongIn('_agent_id') })`. The mark
 * rides on the exchange into the run's journal, where the oracles over the run read what the
 * request meant: an error may name only what was made wrong, and the oracles that compare an
 * answer with what was sent leave the request to its own check.
 */
import type { MadeWrong } from '../model.js';

/** Made wrong in these members (body members as dotted paths, query parameters and headers by name). */
export const wrongIn = (...members: string[]): { wrong: MadeWrong } => ({ wrong: { kind: 'members', members } });

/** Made wrong as a whole: its JSON, its size, its media type, its key. */
export const wrongAsWhole = (what: string): { wrong: MadeWrong } => ({ wrong: { kind: 'whole', what } });
