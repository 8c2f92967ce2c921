/** Medicare fixtures of the reference server (profile fixtures medicareContactId, medicareAgentEmail). */
export const MEDICARE_FIXTURES = {
  medicareContactId: 'ct_1001',
  medicareAgentEmail: 'agent.rivera@medicare-agency.example',
  /** A contact owned by another agent. */
  otherAgentsContactId: 'ct_2001',
} as const;
