import type { Element, ElementContent } from 'hast';
import { element, text } from '../body/hast-builder.ts';
import type { OpenAPIDocument, OpenAPIOperation, OpenAPISecurityScheme } from './document.ts';
import type { OpenAPIRenderContext } from './render-context.ts';
import { resolveRef } from './resolve-ref.ts';

/** `HTTP bearer (JWT)`, `API key in header X-Api-Key`, `OAuth 2.0`, `OpenID Connect`. */
export function schemeLabel(scheme: OpenAPISecurityScheme): string {
  switch (scheme.type) {
    case 'http':
      return `HTTP ${scheme.scheme}${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`;
    case 'apiKey':
      return `API key in ${scheme.in} ${scheme.name}`;
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    default:
      return String((scheme as { type?: unknown }).type ?? 'unknown');
  }
}

function schemeOf(document: OpenAPIDocument, name: string): OpenAPISecurityScheme | undefined {
  return resolveRef<OpenAPISecurityScheme>(document, document.components?.securitySchemes?.[name] as OpenAPISecurityScheme, []).value;
}

/** What an operation needs to be called: each alternative of its `security` (or the document's), with scopes. */
export function operationSecurity(document: OpenAPIDocument, operation: OpenAPIOperation): Element[] {
  const requirements = operation.security ?? document.security ?? [];
  if (requirements.length === 0) return [];
  const items = requirements.map((requirement) => {
    const names = Object.entries(requirement);
    if (names.length === 0) return element('li', {}, [text('None (optional)')]);
    return element(
      'li',
      {},
      names.flatMap(([name, scopes], index): ElementContent[] => {
        const scheme = schemeOf(document, name);
        return [
          ...(index ? [text(' and ')] : []),
          element('code', {}, [text(name)]),
          ...(scheme ? [text(` ${schemeLabel(scheme)}`)] : []),
          ...(scopes.length ? [text(` (scopes: ${scopes.join(', ')})`)] : []),
        ];
      }),
    );
  });
  return [element('div', { className: ['openapi-security'] }, [element('h4', { className: ['openapi-section'] }, [text('Authorization')]), element('ul', {}, items)])];
}

/** The document's security schemes: each with its kind, location, description and OAuth flows with their scopes. */
export function securitySchemesSection(context: OpenAPIRenderContext, depth: number): Element[] {
  const { document } = context;
  const schemes = Object.keys(document.components?.securitySchemes ?? {});
  if (schemes.length === 0) return [];
  return [
    element('section', { className: ['openapi-security-schemes'] }, [
      context.heading(depth, 'Authentication', 'authentication', [text('Authentication')]),
      element(
        'dl',
        {},
        schemes.flatMap((name) => {
          const scheme = schemeOf(document, name);
          if (!scheme) return [];
          const flows = scheme.type === 'oauth2' ? Object.entries(scheme.flows ?? {}) : [];
          return [
            element('dt', {}, [element('code', {}, [text(name)]), text(` ${schemeLabel(scheme)}`)]),
            element('dd', {}, [
              ...(scheme.description ? context.markdown(scheme.description) : []),
              ...(scheme.type === 'openIdConnect' ? [element('p', {}, [text(`Discovery: ${scheme.openIdConnectUrl}`)])] : []),
              ...flows.map(([flow, settings]) => {
                const value = settings as { authorizationUrl?: string; tokenUrl?: string; scopes?: Record<string, string> };
                return element('div', { className: ['openapi-oauth-flow'] }, [
                  element('p', {}, [text(`${flow}${value.authorizationUrl ? `: authorize at ${value.authorizationUrl}` : ''}${value.tokenUrl ? `, token at ${value.tokenUrl}` : ''}`)]),
                  element('ul', {}, Object.entries(value.scopes ?? {}).map(([scope, about]) => element('li', {}, [element('code', {}, [text(scope)]), text(` ${about}`)]))),
                ]);
              }),
            ]),
          ];
        }),
      ),
    ]),
  ];
}
