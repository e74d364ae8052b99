import pino, { type Logger } from 'pino';

let current: Logger | undefined;

export function createLogger(level: string): Logger {
  current = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  return current;
}

/** The process logger; one JSON line per event. */
export function logger(): Logger {
  current ??= createLogger(process.env.LOG_LEVEL ?? 'info');
  return current;
}

/** Query keys whose values never reach a log: tokens, codes, addresses, identities, secrets. */
const SECRET_KEYS =
  /^(token|code|state|code_verifier|email|personid|taxid|password|secret|key|signature|captchaanswer)$/i;

/**
 * The console's addresses (its pages in either locale, and its API) and the door's search, whose
 * searches name people.
 */
const CONSOLE_PATH =
  /^(?:\/(?:zh-tw|en-us))?\/staff(?:[/?#]|$)|^\/api\/amsw1101(?:[/?#]|$)|^\/api\/amsw0307\/search(?:[?#]|$)/i;

/** A door link's address carries its secret in the path (decision record 041). */
const DOOR_LINK_PATH = /^((?:https?:\/\/[^/]+)?(?:\/(?:zh-tw|en-us))?\/door\/)[^/?#]+/i;

/** Free-text search words: on the console they are national IDs, names and e-mails. */
const SEARCH_KEYS = /^(q|keyword|search)$/i;

/**
 * The address as logged: secrets in the query (preview tokens, reset links, OAuth codes) are
 * replaced, so logs grant nothing; on the console the search words too, so a people search by
 * national ID (or an orders or audit search by name or e-mail) leaves no one's identity in a log.
 */
export function redactUrl(url: string | undefined): string | undefined {
  const onConsole = url !== undefined && CONSOLE_PATH.test(url);
  return url?.replace(DOOR_LINK_PATH, '$1…').replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, sep: string, key: string) => {
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      // keep the raw key
    }
    return SECRET_KEYS.test(name) || (onConsole && SEARCH_KEYS.test(name)) ? `${sep}${key}=…` : whole;
  });
}
