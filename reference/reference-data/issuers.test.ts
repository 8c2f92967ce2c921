import { describe, expect, it } from 'vitest';
import seeds from '../data/issuer-seeds.json' with { type: 'json' };
import { CATALOGUE, quotePlans } from '../quotes/plans.js';
import { statesWithCounties } from './counties.js';
import { allIssuerIds, ISSUER_STATES, issuersFor } from './issuers.js';

/** The document's quoteable states: the 50 states and DC (territories have counties but no marketplace issuers). */
const TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);

describe('issuers of every state', () => {
  it('has issuers in each state with counties, except the territories', () => {
    const states = [...statesWithCounties()].filter((s) => !TERRITORIES.has(s));
    expect(states).toHaveLength(51);
    expect(states.filter((s) => !ISSUER_STATES.has(s))).toEqual([]);
    for (const s of states) expect(issuersFor(s, 2026).length, s).toBeGreaterThanOrEqual(3);
  });

  it(
    'lists different KY issuers for a year, the year before and the year after (a default year ' + 'off by one shows)',
    () => {
      const listed = (year: number) => JSON.stringify(issuersFor('KY', year));
      for (let year = 2021; year <= 2038; year++) {
        expect(new Set([listed(year - 1), listed(year), listed(year + 1)]).size, String(year)).toBe(3);
      }
    },
  );

  it('keeps every HIOS issuer id unique and 5 digits', () => {
    const ids = allIssuerIds();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^\d{5}$/);
  });

  it('generates from the seed table: each template and local issuer, some with non-ASCII names', () => {
    const co = issuersFor('CO', 2026).map((i) => i.name);
    expect(co).toEqual(expect.arrayContaining(['Colorado Health Cooperative', 'Front Range Health']));
    expect(co).toHaveLength(seeds.templates.length + seeds.states.CO.local.length);
    expect(issuersFor('NM', 2026).map((i) => i.name)).toContain('Salud del Río Grande');
    expect(issuersFor('CO', 2022)).toHaveLength(co.length - 1);
  });

  it('gives plans 14-character HIOS ids: issuer, state, 7 digits', () => {
    const plans = quotePlans({
      product: 'aca',
      coverageFamily: 'medical',
      coverageType: 'medical',
      exchange: 'on_exchange',
      planYear: 2026,
      state: 'WA',
      fips: '53033',
      applicants: [{ age: 30, uses_tobacco: false }],
    });
    expect(plans).toHaveLength(issuersFor('WA', 2026).length * CATALOGUE.medical!.length);
    for (const p of plans) expect(p.planId).toMatch(new RegExp(`^${p.issuer.hios_issuer_id}WA\\d{7}$`));
  });
});
