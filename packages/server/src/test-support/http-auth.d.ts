// http-auth ships no types; this covers what the stand-in cameras of the tests use.
declare module 'http-auth' {
  import type { IncomingMessage, RequestListener } from 'node:http';
  interface AuthOptions {
    realm?: string;
    /** Lines user:password (basic) or user:realm:md5(user:realm:password) (digest). */
    file: string | (() => string);
    algorithm?: 'MD5' | 'MD5-sess';
    qop?: 'auth' | 'none';
  }
  interface Auth {
    check(listener: RequestListener<typeof IncomingMessage>): RequestListener<typeof IncomingMessage>;
  }
  const httpAuth: { basic(options: AuthOptions): Auth; digest(options: AuthOptions): Auth };
  export default httpAuth;
}
