import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describedBy, Field, Input, InputField, Textarea, TextareaField } from './input';

describe('InputField and TextareaField', () => {
  it('render what a Field around a control wired with describedBy renders', () => {
    for (const [error, hint] of [
      [undefined, undefined],
      ['Required', undefined],
      [undefined, 'A page on this site'],
      ['Too long', 'A page on this site'],
    ] as const) {
      expect(
        renderToStaticMarkup(
          <InputField id="f-email" label="Email" error={error} hint={hint} type="email" data-autofocus />,
        ),
      ).toBe(
        renderToStaticMarkup(
          <Field id="f-email" label="Email" error={error} hint={hint}>
            <Input {...describedBy('f-email', error, hint !== undefined)} type="email" data-autofocus />
          </Field>,
        ),
      );
      expect(
        renderToStaticMarkup(<TextareaField id="f-msg" label="Message" error={error} hint={hint} rows={3} />),
      ).toBe(
        renderToStaticMarkup(
          <Field id="f-msg" label="Message" error={error} hint={hint}>
            <Textarea {...describedBy('f-msg', error, hint !== undefined)} rows={3} />
          </Field>,
        ),
      );
    }
  });

  it('point the control at its error, else its hint', () => {
    const html = renderToStaticMarkup(
      <InputField id="f-link" label="Link" error="Bad link" hint="e.g. /shop" />,
    );
    expect(html).toContain('aria-describedby="f-link-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(renderToStaticMarkup(<InputField id="f-link" label="Link" hint="e.g. /shop" />)).toContain(
      'aria-describedby="f-link-hint"',
    );
  });
});
