/**
 * An evidence held to a policy: each clause judged, and one result. It says VERIFIED only when
 * every clause holds with the signer's key trusted; a bundle that is whole and signed but whose
 * signer no trusted key names is INTEGRITY ONLY, and the former format is always integrity only.
 */
import { CLAUSES, type ClauseCode, type ClauseContext } from './clauses.js';
import { policyOf, type PolicyName } from './policies.js';
import { isOldFormat } from './subject.js';

interface ClauseResult {
  code: ClauseCode;
  requires: string;
  ok: boolean;
  /** What it found (ok), or why it fails. */
  detail: string;
  /** How to meet it, when it fails. */
  fix?: string;
}

export interface PolicyVerdict {
  policy: PolicyName;
  clauses: ClauseResult[];
  /** VERIFIED, INTEGRITY ONLY or REFUSED, with what it rests on. */
  result: string;
  /** 0 when the policy is met, 1 when not. */
  exitCode: 0 | 1;
}

function judge(code: ClauseCode, ctx: ClauseContext): ClauseResult {
  const clause = CLAUSES[code];
  const why = clause.fails(ctx);
  return why === undefined
    ? { code, requires: clause.requires, ok: true, detail: clause.holds(ctx) }
    : { code, requires: clause.requires, ok: false, detail: why, fix: clause.fix };
}

function resultOf(name: PolicyName, ctx: ClauseContext, failed: ClauseResult[]): Omit<PolicyVerdict, 'clauses'> {
  const { signature } = ctx.subject;
  const signer = signature.state === 'signed' ? `key ${signature.kid}` : '';
  const old = isOldFormat(ctx.subject);
  const label = old ? 'OLD FORMAT: INTEGRITY ONLY' : 'INTEGRITY ONLY';
  const trusted = ctx.trustGiven && signature.state === 'signed' && signature.trusted === true;
  const verdict = (exitCode: 0 | 1, result: string) => ({ policy: name, exitCode, result });
  if (failed.length === 0)
    return policyOf(name).trust === 'required' && trusted && !old
      ? verdict(0, `VERIFIED: meets policy ${name}, signed by the trusted ${signer}`)
      : verdict(
          0,
          `${label}: the files are whole and signed by the ${trusted ? 'trusted ' : ''}${signer}; policy ${name} ` +
            'says nothing of the run',
        );
  const integrityHolds = !failed.some((c) => c.code === 'P_INTACT' || c.code === 'P_SIGNED');
  const onlyWho = failed.every((c) => (c.code === 'P_TRUSTED_KEY' && !ctx.trustGiven) || c.code === 'P_FORMAT');
  if (integrityHolds && onlyWho)
    return verdict(
      1,
      old
        ? `${label}: whole and signed by ${signer}, but of the former format, which cannot meet policy ${name}`
        : `${label}: whole, signed by ${signer} and meeting every other clause of policy ${name}, but no trusted key ` +
            'was given, so who signed it is unknown',
    );
  const codes = failed.map((c) => c.code).join(', ');
  const also = old ? `; ${label.toLowerCase()}` : integrityHolds && !trusted ? '; integrity only' : '';
  return verdict(1, `REFUSED by policy ${name}: ${codes}${also}`);
}

export function verifyByPolicy(name: PolicyName, ctx: ClauseContext): PolicyVerdict {
  const policy = policyOf(name);
  const codes: ClauseCode[] = [...policy.clauses];
  if (policy.trust === 'when given' && ctx.trustGiven) codes.push('P_TRUSTED_KEY');
  const clauses = codes.map((code) => judge(code, ctx));
  return {
    ...resultOf(
      name,
      ctx,
      clauses.filter((c) => !c.ok),
    ),
    clauses,
  };
}
