import { useState } from 'react';
import { Badge, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { adminMenuFor, settingsMenuFor, type Can } from './menu.ts';

const soon = (
  <Badge size="xs" variant="light" color="secondary" component="span">
    Soon
  </Badge>
);

interface AdminNavProps {
  base: string;
  solo: boolean;
  can: Can;
}

/** The side menu and the settings menu of spec §2; unbuilt pages carry a "Soon" badge. */
export function AdminNav({ base, solo, can }: AdminNavProps) {
  const { pathname } = useLocation();
  const pathOf = (path: string) => (path ? `${base}/${path}` : base);
  const isActive = (path: string) =>
    path ? pathname === pathOf(path) || pathname.startsWith(`${pathOf(path)}/`) : pathname === base;

  // The settings group opens by itself on a settings page and is toggled by its button elsewhere.
  const onSettings = isActive('settings');
  const [settingsOpened, setSettingsOpened] = useState(onSettings);
  const [wasOnSettings, setWasOnSettings] = useState(onSettings);
  if (onSettings !== wasOnSettings) {
    setWasOnSettings(onSettings);
    if (onSettings) setSettingsOpened(true);
  }

  return adminMenuFor(solo, can).map((item) => {
    if (item.key !== 'settings') {
      return (
        <NavLink
          key={item.key}
          data-menu="side"
          component={Link}
          to={pathOf(item.path)}
          label={item.label}
          active={isActive(item.path)}
          aria-current={isActive(item.path) ? 'page' : undefined}
          rightSection={item.built ? null : soon}
        />
      );
    }
    return (
      // A button, not a link without an address: it has to be reachable and usable by keyboard.
      <NavLink
        key={item.key}
        data-menu="side"
        component="button"
        type="button"
        label={item.label}
        opened={settingsOpened}
        onChange={setSettingsOpened}
        aria-expanded={settingsOpened}
        childrenOffset="sm"
      >
        {settingsMenuFor(solo, can).map((setting) => {
          const path = `settings/${setting.key}`;
          return (
            <NavLink
              key={setting.key}
              data-menu="settings"
              component={Link}
              to={pathOf(path)}
              label={setting.title}
              active={isActive(path)}
              aria-current={isActive(path) ? 'page' : undefined}
              rightSection={setting.built ? null : soon}
            />
          );
        })}
      </NavLink>
    );
  });
}
