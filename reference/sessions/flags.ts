/** Behaviour changes of enrollment sessions that faults switch on (checked with `faulty`). */
export const SESSION_FLAGS = {
  agentPlanIdAccepted: 'sessions-agent-plan-id-accepted',
  agentCampaignAccepted: 'sessions-agent-campaign-accepted',
  agentStateOptional: 'sessions-agent-state-optional',
  selfServiceStateRequired: 'sessions-self-service-state-required',
  selfServiceNeedsOneOfIgnored: 'sessions-self-service-needs-nothing',
  selfServiceConsultsOauth: 'sessions-self-service-consults-oauth',
  agentConsultsDeeplink: 'sessions-agent-consults-deeplink',
  oauthUnhealthy503: 'sessions-oauth-unhealthy-503',
  deeplinkAgentNotChecked: 'sessions-deeplink-agent-not-checked',
  contextLocaleOptional: 'sessions-context-locale-optional',
  contextOptional: 'sessions-context-optional',
  selfServiceCampaignRejected: 'sessions-self-service-campaign-rejected',
  flowUnchecked: 'sessions-flow-unchecked',
} as const;
