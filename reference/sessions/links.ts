/** Session links of the signed-token variant: another host, a token, a locale and a fragment. */
import { createHash } from 'node:crypto';

const HOST = 'https://apply.partner-sandbox.example';

function tokenised(url: string, kind: string): string {
  const parsed = new URL(url);
  const token = createHash('sha256').update(url).digest('base64url').slice(0, 32);
  const session = parsed.pathname.split('/')[2] ?? '';
  const query = `session=${encodeURIComponent(session)}&token=${token}&locale=es-US&${parsed.searchParams.toString()}`;
  return `${HOST}/public/${kind}?${query}#start`;
}

export function tokenLinks(links: Record<string, unknown>): Record<string, unknown> {
  return {
    ...links,
    shopping_url: tokenised(String(links.shopping_url), 'shop'),
    client_apply_url: tokenised(String(links.client_apply_url), 'apply'),
  };
}
