/**
 * A target that leaks: it echoes the `x-api-key` (or Medicare `X-API-Key`) it receives back in a
 * response header and in the JSON body of every response. Secrets tests point runs at it.
 */
import { listen, type LocalServer } from './listen.js';
import { answerPlausibly, keyOf } from './plausible.js';

export function echoServer(): Promise<LocalServer> {
  return listen((req, res) => {
    const key = keyOf(req) ?? '';
    answerPlausibly(req, res, { echo: key, message: `hello ${key}` }, { 'x-echo-key': key });
  });
}
