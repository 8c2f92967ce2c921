/** What every operation of the family owes (the key, the gate, the edge, hostile values, the success answer). */
import { registerOwed } from '../owed/index.js';

registerOwed('legacy-ichra');
