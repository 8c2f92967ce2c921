/**
 * The members a create request must not carry (2.8: agent and TPA identifiers come from the
 * approved account setup), each as a well-formed value of the document's own type, so the
 * member itself, not its shape, is the only reason for a refusal.
 */
export const REJECTED_MEMBERS = [
  { rule: 'ENR-CREATE-REJECT-AGENT-ID', member: '_agent_id', add: { _agent_id: 'agent_0001' } },
  { rule: 'ENR-CREATE-REJECT-TPA-SLUG', member: 'tpa_slug', add: { tpa_slug: 'conformance-tpa' } },
  { rule: 'ENR-CREATE-REJECT-ACTOR-AGENT-ID', member: 'actor.agent_id', add: { actor: { agent_id: 'agent_0001' } } },
  {
    rule: 'ENR-CREATE-REJECT-AGENT-OF-RECORD',
    member: 'agent_of_record',
    add: { agent_of_record: { first_name: 'Avery', last_name: 'Agent', national_producer_number: '1234567' } },
  },
] as const;
