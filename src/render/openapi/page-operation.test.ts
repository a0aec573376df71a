import { describe, expect, it } from 'vitest';
import { opensWithProse, singleOperationMethod } from './page-operation.ts';

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

  it('gives nothing for a page opening with prose without reading it, and reads what is less certain', () => {
    const block = '{% openapi-operation spec="pets" path="/pets" method="get" %}\n{% endopenapi-operation %}\n';
    expect(opensWithProse(`# Pets\n\nAll about pets.\n\n${block}`)).toBe(true);
    expect(opensWithProse(`a | b\n--- | ---\n\n${block}`)).toBe(true);
    expect(opensWithProse(`3. step\n\n${block}`)).toBe(true);
    // A heading by its underline, even under several lines, a tag, a comment, HTML, a link definition, an indent.
    expect(opensWithProse(`Pets\n====\n\n${block}`)).toBe(false);
    expect(opensWithProse(`Pets and\nowners\n  ---\n\n${block}`)).toBe(false);
    expect(opensWithProse(`Pets\r\n---\r\n\r\n${block}`)).toBe(false);
    expect(opensWithProse(block)).toBe(false);
    expect(opensWithProse(`<!-- generated -->\n${block}`)).toBe(false);
    expect(opensWithProse(`[pets]: /pets\n\n${block}`)).toBe(false);
    expect(opensWithProse(`    indented\n\n${block}`)).toBe(false);
    expect(opensWithProse('#Pets\n')).toBe(false);
    expect(opensWithProse('\n\n# Only a title\n')).toBe(false);
    expect(singleOperationMethod(`Pets\n====\n\n${block}`)).toBe('get');
    expect(singleOperationMethod(`# Pets\n\nAll about pets.\n\n${block}`)).toBeUndefined();
  });
});
