import { describe, expect, it } from 'vitest';
import { singleOperationMethod } from './page-operation.ts';

describe('singleOperationMethod', () => {
  it('gives the method of a page that is one operation block, beside titles and separators only', () => {
    expect(singleOperationMethod('# Pets\n\n{% openapi src="pets.yaml" path="/pets" method="GET" %}\n{% endopenapi %}\n')).toBe('get');
    expect(singleOperationMethod('{% openapi-operation spec="pets" path="/pets" method="post" %}\n{% endopenapi-operation %}\n\n---\n')).toBe('post');
    expect(singleOperationMethod('{% swagger method="delete" path="/pets/{id}" baseUrl="https://x" summary="Remove" %}\n{% swagger-description %}\nGone.\n{% endswagger-description %}\n{% endswagger %}\n')).toBe('delete');
  });

  it('gives nothing for pages that are more than one operation, or no operation at all', () => {
    const block = (method: string) => `{% openapi-operation spec="pets" path="/pets" method="${method}" %}\n{% endopenapi-operation %}\n`;
    expect(singleOperationMethod(`${block('get')}\n${block('post')}`)).toBeUndefined();
    expect(singleOperationMethod(`Some prose first.\n\n${block('get')}`)).toBeUndefined();
    expect(singleOperationMethod(block('fetch'))).toBeUndefined();
    expect(singleOperationMethod('{% openapi-schemas spec="pets" schemas="Pet" %}\n{% endopenapi-schemas %}\n')).toBeUndefined();
    expect(singleOperationMethod('# Just a page\n\nText.\n')).toBeUndefined();
  });
});
