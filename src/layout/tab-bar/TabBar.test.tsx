import { fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tabsStore, type TabEntry } from '../../stores/tabs';
import { TabBar } from './TabBar';

const entry = (name: string, fullPath: string): TabEntry => ({
  title: name,
  name,
  fullPath,
  query: {},
  ignoreCache: false,
});

const here = () => `${window.location.pathname}${window.location.search}`;

describe('TabBar', () => {
  afterEach(() => {
    tabsStore.set([]);
    window.history.replaceState(null, '', '/');
  });

  it('a click on a tab leads to its page', () => {
    tabsStore.set([entry('list', '/list?page=2'), entry('detail', '/detail?id=7')]);
    window.history.replaceState(null, '', '/detail?id=7');
    render(
      <BrowserRouter>
        <TabBar activeName="detail" />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByTestId('tab-list'));
    expect(here()).toBe('/list?page=2');
  });

  it('a click on the tab still marked active leads back to it when the address has moved on', () => {
    // The router moves the address at once and renders the next page when it has loaded; in
    // between, the bar still marks the tab being left.
    tabsStore.set([entry('list', '/list?page=2'), entry('detail', '/detail?id=7')]);
    window.history.replaceState(null, '', '/list?page=2');
    render(
      <BrowserRouter>
        <TabBar activeName="detail" />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByTestId('tab-detail'));
    expect(here()).toBe('/detail?id=7');
  });

  it('a click on the tab of the page shown adds no history entry', () => {
    tabsStore.set([entry('list', '/list?page=2'), entry('detail', '/detail?id=7')]);
    window.history.replaceState(null, '', '/detail?id=7');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <TabBar activeName="detail" />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByTestId('tab-detail'));
    expect(window.history.length).toBe(before);
  });
});
