/** What the account calls answer, as JSON Schema for their declarations (/eps, OpenAPI, agents). */
import { BOOL, INT, STR, nullable, obj } from '../../core/api';

const PAIR = { token: STR, expire: INT, refreshToken: STR, refreshExpire: INT };

/** A signed-in session: the access token and the refresh token, each with its lifetime in seconds. */
export const TOKEN_PAIR = obj(PAIR);

/** A sign-in through Google or Discord: the pair, whether the profile still lacks a nickname, whether the account was made now. */
export const OAUTH_SIGN_IN = obj({ ...PAIR, incomplete: BOOL, created: BOOL });

/** A sign-in by e-mail code: the pair and what the new member still has to give. */
export const EMAIL_SIGN_IN = obj({
  ...PAIR,
  isNew: BOOL,
  profileIncomplete: BOOL,
  needNickName: BOOL,
  needInviteCode: BOOL,
  inviteRequired: BOOL,
});

/** The answer of additionalInfo: the nickname, the member's own invite code and their inviter. */
export const REGISTRATION = obj({ nickName: STR, inviteCode: STR, inviteId: nullable(INT) });
