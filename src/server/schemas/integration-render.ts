import { Type } from 'typebox';
import { FreeObject } from './free-object.ts';

/**
 * The published `RenderIntegrationUI` (the body of `renderIntegrationUIWithPost`; the JSON inside the `request`
 * query parameter of `renderIntegrationUIWithGet`). `props`, `state`, `context` and `action` are the published
 * ContentKit objects, handed to the script as they are.
 */
export const RenderIntegrationUIBody = Type.Object({
  componentId: Type.String({ minLength: 1, maxLength: 200 }),
  props: FreeObject,
  state: Type.Optional(FreeObject),
  context: FreeObject,
  action: Type.Optional(FreeObject),
});

/** `renderIntegrationUIWithGet`'s query: the request, compressed with LZ-string's `compressToEncodedURIComponent`. */
export const RenderIntegrationUIQuery = Type.Object({ request: Type.String({ minLength: 1, maxLength: 100_000 }) });

/** The published `ContentKitRenderOutput` (an element with its state and props, or `complete`): the script's answer, whole. */
export const ContentKitRenderOutput = FreeObject;
