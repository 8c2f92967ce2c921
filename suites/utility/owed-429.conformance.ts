/** A 429 on every operation of the family, its key's bucket emptied once for all (run at the end of the run). */
import { registerOwed } from '../owed/index.js';

registerOwed('utility', 'limited');
