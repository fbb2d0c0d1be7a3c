import { Type, type Static } from 'typebox';
import { LoginReplySchema } from '../contract/user.js';

/** How long the second step of a login may take after the password was accepted. */
export const SECOND_FACTOR_PENDING_MS = 5 * 60_000;

/** Number of one-time recovery codes handed out when the second factor is switched on. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /api/auth/login when the user has a second factor: no session yet, the code comes next. */
export const SecondFactorRequiredSchema = Type.Object({
  secondFactorRequired: Type.Literal(true),
  /** When the pending step ends (epoch ms); afterwards the login starts over. */
  expiresAt: Type.Number(),
});
export type SecondFactorRequired = Static<typeof SecondFactorRequiredSchema>;

/** Reply of POST /api/auth/login: a session, or the request for the second factor. */
export const LoginOutcomeSchema = Type.Union([LoginReplySchema, SecondFactorRequiredSchema]);
export type LoginOutcome = Static<typeof LoginOutcomeSchema>;

/** POST /api/auth/login/verify: a code of the authenticator app or a recovery code. */
export const LoginVerifyRequestSchema = Type.Object(
  {
    csrfToken: Type.String({ minLength: 1, maxLength: 512 }),
    code: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type LoginVerifyRequest = Static<typeof LoginVerifyRequestSchema>;

/** GET /api/auth/bot-check: a proof-of-work challenge, or the reCAPTCHA site key when configured. */
export const BotCheckChallengeSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('proofOfWork'),
    /** Signed challenge; the answer is `<challenge>:<counter>`. */
    challenge: Type.String(),
    /** Random part hashed with the counter: SHA-256(`<nonce>:<counter>`). */
    nonce: Type.String(),
    /** Leading zero bits the hash must have. */
    bits: Type.Integer({ minimum: 0, maximum: 32 }),
    expiresAt: Type.Number(),
  }),
  Type.Object({ kind: Type.Literal('recaptcha'), siteKey: Type.String() }),
]);
export type BotCheckChallenge = Static<typeof BotCheckChallengeSchema>;

/** GET /api/account/second-factor: whether the own second factor is on. */
export const SecondFactorStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatusSchema>;

/** POST /api/account/second-factor/enrolment: the new secret, as text and as otpauth URI for a QR code. */
export const SecondFactorEnrolmentSchema = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export type SecondFactorEnrolment = Static<typeof SecondFactorEnrolmentSchema>;

/** A six-digit code of the authenticator app. */
export const TotpCodeSchema = Type.String({ pattern: '^\\s*\\d{3}\\s?\\d{3}\\s*$', maxLength: 16 });

/** POST /api/account/second-factor/enrolment/confirm: the first code from the app. */
export const SecondFactorConfirmSchema = Type.Object(
  { code: TotpCodeSchema },
  { additionalProperties: false },
);
export type SecondFactorConfirm = Static<typeof SecondFactorConfirmSchema>;

/** Reply of the confirmation: the recovery codes, shown this once. */
export const RecoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/** POST /api/account/second-factor/disable: a current code or the password. */
export const SecondFactorDisableSchema = Type.Object(
  {
    code: Type.Optional(TotpCodeSchema),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type SecondFactorDisable = Static<typeof SecondFactorDisableSchema>;
