import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';

/** What one part of the page said about the user's last action there. */
interface Note {
  owner: string;
  text: string;
  error: boolean;
  serial: number;
}

export interface PageNotes {
  note: Note | null;
  /** Says the result of an action in its part of the page; the line takes the focus. */
  say(owner: string, text: string, error?: boolean): void;
  /** The user starts something else: what an earlier action said is no longer news. */
  clear(): void;
}

const NotesContext = createContext<PageNotes | null>(null);

function useNoteState(): PageNotes {
  const [note, setNote] = useState<Note | null>(null);
  const serial = useRef(0);
  const say = useCallback((owner: string, text: string, error = false) => {
    serial.current += 1;
    setNote({ owner, text, error, serial: serial.current });
  }, []);
  const clear = useCallback(() => setNote(null), []);
  return useMemo(() => ({ note, say, clear }), [note, say, clear]);
}

/**
 * A page of several small forms (Account details) says one result at a time, each by the part it is
 * about, instead of in toasts: on a phone one toast waits for the other, and a toast covers the page.
 * A new result replaces the earlier one, and starting another action clears it, so no "saved" line
 * stays on the page after the user has moved on.
 */
export function PageNotesProvider({ children }: { children: ReactNode }) {
  const notes = useNoteState();
  return <NotesContext.Provider value={notes}>{children}</NotesContext.Provider>;
}

/** The page's notes; a part drawn on its own (outside a provider) keeps its own. */
export function usePageNotes(): PageNotes {
  const shared = useContext(NotesContext);
  const own = useNoteState();
  return shared ?? own;
}

/**
 * The result line of one part of the page. Always on the page (`role="status"`), so what is put in it
 * is announced; it takes the focus when it says something (the button pressed may be gone), so the
 * keyboard goes on from there rather than from the top of the page.
 */
export function NoteLine({ owner, notes }: { owner: string; notes: PageNotes }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const mine = notes.note?.owner === owner ? notes.note : null;
  const serial = mine?.serial;
  useEffect(() => {
    if (serial !== undefined) ref.current?.focus();
  }, [serial]);
  return (
    <Text
      ref={ref}
      role="status"
      tabIndex={-1}
      size="sm"
      fw={700}
      c={mine?.error ? 'red.9' : undefined}
      mt={mine ? 'sm' : 0}
      style={{ overflowWrap: 'anywhere' }}
    >
      {mine?.text}
    </Text>
  );
}
