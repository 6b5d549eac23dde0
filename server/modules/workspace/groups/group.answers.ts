/** What the group calls answer, as JSON Schema for their declarations (/eps, OpenAPI, agents). */
import { ANY_OBJECT, BOOL, INT, NUM, STR, nullable, obj } from '../../../core/api';

const ROLE = { enum: ['owner', 'deputy', 'member'] };

/** A group in the caller's lists (list2, teams): its fields, the caller's role and member row, the member count. */
export const MY_GROUP = obj({ id: INT, name: STR, type: INT, role: ROLE, memberId: INT, memberCount: INT }, []);

/** A team as others see it (teamsByUserId, canJoin): public fields only. */
export const TEAM_CARD = obj({ id: INT, name: STR, avatar: nullable(STR), remark: nullable(STR), type: INT, memberCount: INT });

/** A member in the member lists: the row's public fields, the user's profile, role and presence. */
export const MEMBER = obj(
  {
    id: INT,
    groupId: INT,
    userId: INT,
    name: nullable(STR),
    avatar: nullable(STR),
    isOwner: INT,
    nickName: nullable(STR),
    headImg: nullable(STR),
    userType: INT,
    ownerId: nullable(INT),
    role: ROLE,
    online: BOOL,
    price: nullable(NUM),
    config: nullable(ANY_OBJECT),
    public: BOOL,
    authId: nullable(INT),
    authType: INT,
  },
  ['price', 'config', 'public', 'authId', 'authType'],
);

/** An AI member of the public catalogue: never its prompt, parameters or own config. */
export const PUBLIC_AI = obj({
  id: INT,
  nickName: nullable(STR),
  headImg: nullable(STR),
  avatar: nullable(STR),
  ownerId: nullable(INT),
  appId: nullable(INT),
  model: nullable(STR),
  description: nullable(STR),
  price: nullable(NUM),
  createTime: nullable(STR),
});
