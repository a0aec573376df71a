import { Type } from 'typebox';

/** The published `User`. */
export const UserSchema = Type.Object({
  object: Type.Literal('user'),
  id: Type.String(),
  displayName: Type.String(),
  email: Type.Optional(Type.String()),
  photoURL: Type.Optional(Type.String()),
  urls: Type.Object({ location: Type.String({ format: 'uri' }) }),
});
