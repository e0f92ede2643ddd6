import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The portal's modal dialog. Built from Mantine's parts so that its header is a plain element
 * (a <header> would be a second banner landmark), and without scroll locking, which injects a
 * <style> element the Content Security Policy refuses (ADR 004).
 */
export function Dialog({
  opened,
  onClose,
  title,
  titleClassName,
  closeOnClickOutside = true,
  withCloseButton = true,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  titleClassName?: string;
  closeOnClickOutside?: boolean;
  withCloseButton?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      closeOnClickOutside={closeOnClickOutside}
      lockScroll={false}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title className={titleClassName}>{title}</Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label="Close" />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
