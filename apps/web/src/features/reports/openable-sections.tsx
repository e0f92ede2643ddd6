import { Button, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import classes from './reports.module.css';

/*
 * A long report's detail in sections that open on demand: each has its own
 * address (`#id`), which opens it, whether the page is opened at it or a link on the page leads
 * there; printing opens every one; 'Open all' and 'Close all' do what they say. A closed section draws nothing of its detail, so a long report is quick to show.
 */

interface OpenState {
  /** Every section is open, the ones registered later too. */
  all: boolean;
  /** The sections open while `all` is false. */
  open: ReadonlySet<string>;
}

interface OpenSections {
  isOpen: (id: string) => boolean;
  toggle: (id: string) => void;
  openAll: () => void;
  closeAll: () => void;
  /** A section says it is on the page; answers its leave. */
  register: (id: string) => () => void;
}

const OpenSectionsContext = createContext<OpenSections | null>(null);

function useOpenSections(): OpenSections {
  const sections = useContext(OpenSectionsContext);
  if (sections === null) throw new Error('An OpenableSection needs OpenableSections around it');
  return sections;
}

/** The id a fragment names, e.g. '#disease-t2d' → 'disease-t2d'. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/** Holds which sections of a report are open; wraps the report's view. */
export function OpenableSections({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OpenState>({ all: false, open: new Set() });
  const registered = useRef(new Set<string>());

  const openOne = useCallback((id: string) => {
    if (!registered.current.has(id)) return false;
    flushSync(() => {
      setState((current) =>
        current.all || current.open.has(id)
          ? current
          : { all: false, open: new Set([...current.open, id]) },
      );
    });
    return true;
  }, []);

  useEffect(() => {
    /** Opens the section the address names, and brings it into view once it is drawn. */
    const openFromAddress = () => {
      const id = fragmentId(window.location.hash);
      if (id !== '' && openOne(id)) document.getElementById(id)?.scrollIntoView();
    };
    /** A link on the page to a section opens it, even when the address already names it. */
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      if (link !== null) openOne(fragmentId(link.getAttribute('href') ?? ''));
    };
    // Printing shows every section, as the PDF does; afterwards the page is as it was.
    let beforePrint: OpenState | undefined;
    const onBeforePrint = () => {
      flushSync(() => {
        setState((current) => {
          beforePrint = current;
          return { all: true, open: current.open };
        });
      });
    };
    const onAfterPrint = () => {
      const restore = beforePrint;
      if (restore !== undefined) setState(restore);
    };
    openFromAddress();
    window.addEventListener('hashchange', openFromAddress);
    document.addEventListener('click', onClick);
    window.addEventListener('beforeprint', onBeforePrint);
    window.addEventListener('afterprint', onAfterPrint);
    return () => {
      window.removeEventListener('hashchange', openFromAddress);
      document.removeEventListener('click', onClick);
      window.removeEventListener('beforeprint', onBeforePrint);
      window.removeEventListener('afterprint', onAfterPrint);
    };
  }, [openOne]);

  const register = useCallback((id: string) => {
    registered.current.add(id);
    return () => {
      registered.current.delete(id);
    };
  }, []);

  const sections = useMemo<OpenSections>(
    () => ({
      isOpen: (id) => state.all || state.open.has(id),
      toggle: (id) => {
        setState((current) => {
          const open = new Set(current.all ? registered.current : current.open);
          if (current.all || current.open.has(id)) open.delete(id);
          else open.add(id);
          return { all: false, open };
        });
      },
      openAll: () => {
        setState({ all: true, open: new Set() });
      },
      closeAll: () => {
        setState({ all: false, open: new Set() });
      },
      register,
    }),
    [state, register],
  );
  return <OpenSectionsContext.Provider value={sections}>{children}</OpenSectionsContext.Provider>;
}

/** 'Open all' and 'Close all' sections of this report. */
export function OpenAllButtons() {
  const { openAll, closeAll } = useOpenSections();
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" onClick={openAll} aria-label="Open all sections">
        Open all
      </Button>
      <Button variant="default" size="xs" onClick={closeAll} aria-label="Close all sections">
        Close all
      </Button>
    </Group>
  );
}

/** A section's open state, and its heading's and panel's ids, once it is on the page. */
function useOpenable(id: string) {
  const { isOpen, toggle, register } = useOpenSections();
  useEffect(() => register(id), [id, register]);
  return {
    open: isOpen(id),
    toggle: () => {
      toggle(id);
    },
    headingId: `${id}-heading`,
    panelId: `${id}-panel`,
  };
}

/** The heading's button that opens and closes a section's panel. */
function OpenButton({
  open,
  panelId,
  onToggle,
  title,
}: {
  open: boolean;
  panelId: string;
  onToggle: () => void;
  title: ReactNode;
}) {
  return (
    <button
      type="button"
      className={classes.openableButton}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <IconChevronDown
        size={18}
        aria-hidden
        className={open ? classes.openableChevronOpen : classes.openableChevron}
      />
      <span>{title}</span>
    </button>
  );
}

/**
 * A section that opens on demand: a heading whose button opens and closes it, a line that says
 * what it holds (`gist`), and the detail, drawn only while it is open. `id` is its address.
 */
export function OpenableSection({
  id,
  title,
  level = 3,
  gist,
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  gist?: ReactNode;
  /** The detail: a function, so that nothing of it is worked out while the section is closed. */
  children: () => ReactNode;
}) {
  const { open, toggle, headingId, panelId } = useOpenable(id);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={id} aria-labelledby={headingId} className={classes.openable}>
      <Heading id={headingId} className={classes.openableHeading}>
        <OpenButton open={open} panelId={panelId} onToggle={toggle} title={title} />
      </Heading>
      {gist !== undefined && <div className={classes.openableGist}>{gist}</div>}
      <div id={panelId} className={classes.openablePanel} hidden={!open}>
        {open && children()}
      </div>
    </section>
  );
}

/**
 * A grid of short sections as cards, each an `OpenableCard`. An open card
 * keeps its size and its place: its detail takes a whole row of the grid below the card's row,
 * and the cards after it in that row stay beside it, as an image gallery opens a picture. No card
 * moves and none leaves a hole; on a phone (one column) the detail comes right under its card.
 */
export function OpenableCards({ children }: { children: ReactNode }) {
  return <div className={classes.openableCards}>{children}</div>;
}

/**
 * One card of `OpenableCards`: the heading's button and the gist, then, as an item of the grid
 * of its own, the detail (a region named by the heading), next in reading order. `id` is the
 * card's address, which opens it.
 */
export function OpenableCard({
  id,
  title,
  gist,
  children,
}: {
  id: string;
  title: ReactNode;
  gist: ReactNode;
  /** The detail: a function, so that nothing of it is worked out while the card is closed. */
  children: () => ReactNode;
}) {
  const { open, toggle, headingId, panelId } = useOpenable(id);
  return (
    <>
      <div id={id} className={`${classes.openable} ${classes.openableCard}`}>
        <h3 id={headingId} className={classes.openableHeading}>
          <OpenButton open={open} panelId={panelId} onToggle={toggle} title={title} />
        </h3>
        <div className={classes.openableGist}>{gist}</div>
      </div>
      <section
        id={panelId}
        aria-labelledby={headingId}
        className={classes.openableCardPanel}
        hidden={!open}
      >
        {open && children()}
      </section>
    </>
  );
}
