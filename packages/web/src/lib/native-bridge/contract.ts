// The contract between the web client and the Android and iOS apps that embed it (screens §7).
// Documented for the app developers in docs/native-bridge.md; keep both in step.

/** Name of the object the Android app adds to the web view (addJavascriptInterface). */
export const ANDROID_INTERFACE = 'LeitwarteAndroid';
/** Name of the iOS script message handler (window.webkit.messageHandlers.<name>). */
export const IOS_MESSAGE_HANDLER = 'leitwarte';
/** Global function the apps call to answer a request: leitwarteNativeReply(id, reply). */
export const REPLY_CALLBACK = 'leitwarteNativeReply';
/** Global handle of the web client's side of the bridge, for the apps' UI tests and diagnostics. */
export const BRIDGE_HANDLE = 'leitwarteBridge';

/** The iOS app's answer to the login-mode request counts only within 500 ms (screens §9). */
export const IOS_LOGIN_MODE_TIMEOUT_MS = 500;
/** Other answers are awaited as long as any asynchronous call (calls §9). */
export const REPLY_TIMEOUT_MS = 5000;

export type NativePlatform = 'android' | 'ios';

/** Feature names an app reports; scanning QR codes is one (screens §7). */
export const NATIVE_FEATURES = { scanQrCode: 'scanQrCode' } as const;

/** What the app tells about itself. */
export interface NativeAppInfo {
  version: string;
}

/** The app's login mode; 'manual' means the user types the credentials in the web view. */
export type NativeLoginMode = 'manual' | (string & {});

/** Tokens of the login page handed to the app, which logs in with them (optionally with credentials). */
export interface NativeLoginTokens {
  csrfToken: string;
  recaptchaToken: string;
  username?: string;
  password?: string;
}

/** A file the app downloads itself, since web views do not save downloads on their own. */
export interface NativeDownload {
  fileName: string;
  method: 'GET' | 'POST';
  url: string;
  params: Record<string, string>;
}

/** Requests that expect an answer, with the type of the answer's result. */
export interface NativeQueries {
  getFeatures: string[];
  getAppInfo: NativeAppInfo;
  getLoginUser: string | null;
  getLoginMode: NativeLoginMode;
  getConnectionName: string | null;
  /** The scanned text, or null when the user cancelled. */
  scanQrCode: string | null;
}

/** Requests that hand something to the app and expect no answer. */
export interface NativeCommands {
  setTokensAndLogin: NativeLoginTokens;
  showSettings: null;
  downloadFile: NativeDownload;
}

export type NativeMethod = keyof NativeQueries | keyof NativeCommands;

/** The answer an app sends: the result, or an error text. */
export type NativeReply = { result: unknown } | { error: string };

export type NativeBridgeErrorCode = 'timeout' | 'unsupported' | 'failed';

/** A request the app did not answer in time, cannot handle, or answered with an error. */
export class NativeBridgeError extends Error {
  constructor(
    readonly code: NativeBridgeErrorCode,
    readonly method: NativeMethod,
    message: string,
  ) {
    super(message);
    this.name = 'NativeBridgeError';
  }
}
