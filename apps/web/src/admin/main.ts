import { mount } from 'svelte';
import AdminConsole from './AdminConsole.svelte';
import './console.css';

/** The operator's console in `target`, in place of the players' app (main.ts decides by the address). */
export function mountConsole(target: HTMLElement): void {
  mount(AdminConsole, { target });
}
