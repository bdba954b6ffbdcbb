import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a part built with MUI components: its code and the theme's load together, and it
 * renders inside the theme. The first bundle carries neither MUI nor emotion (decision 0028).
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Part, { Themed }] = await Promise.all([load(), import('./themed.tsx')]);
    const WithTheme = (props: P) => (
      <Themed>
        <Part {...props} />
      </Themed>
    );
    return { default: WithTheme };
  });
}
