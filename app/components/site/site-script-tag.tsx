import { useNonce } from "~/utils/nonce";
import { SITE_SCRIPT } from "./site-script";

/**
 * The public pages' one script, inline with this response's CSP nonce (the page cache
 * writes a new nonce into every answer: server/page-cache.ts). First in <body>, so that
 * its listeners exist before any image can fail or any button be pressed.
 */
export function SiteScript() {
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: SITE_SCRIPT }} />;
}
