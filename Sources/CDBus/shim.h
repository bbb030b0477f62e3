// The C side of the D-Bus client: what Swift cannot call directly in libdbus. `DBusError`
// has bit-fields and its set-up is a macro, and the variadic `dbus_message_append_args` and
// `dbus_message_get_args` cannot be called from Swift: messages are read and written with
// the `dbus_message_iter_*` calls only (SplitsBluetooth's DBusWire.swift).
#ifndef SPLITS_CDBUS_SHIM_H
#define SPLITS_CDBUS_SHIM_H

#include <dbus/dbus.h>
#include <stdlib.h>
#include <string.h>

/// A private connection to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, or the standard
/// socket), registered with the bus, that never exits the process when the bus goes away.
/// NULL when it cannot be made, with `*reason` a malloc'd text to free.
static inline DBusConnection *splits_dbus_open_system(char **reason) {
  DBusError error;
  dbus_error_init(&error);
  DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error);
  if (connection == NULL) {
    *reason = strdup(dbus_error_is_set(&error) && error.message ? error.message : "unknown error");
    dbus_error_free(&error);
    return NULL;
  }
  dbus_connection_set_exit_on_disconnect(connection, FALSE);
  *reason = NULL;
  return connection;
}

/// A private connection to the bus at `address`, registered, as `splits_dbus_open_system`
/// (a test's private bus, without changing the process's environment: libdbus reads
/// `DBUS_SYSTEM_BUS_ADDRESS` once a process).
static inline DBusConnection *splits_dbus_open_address(const char *address, char **reason) {
  DBusError error;
  dbus_error_init(&error);
  DBusConnection *connection = dbus_connection_open_private(address, &error);
  if (connection != NULL && !dbus_bus_register(connection, &error)) {
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
    connection = NULL;
  }
  if (connection == NULL) {
    *reason = strdup(dbus_error_is_set(&error) && error.message ? error.message : "unknown error");
    dbus_error_free(&error);
    return NULL;
  }
  dbus_connection_set_exit_on_disconnect(connection, FALSE);
  *reason = NULL;
  return connection;
}

/// The connection's socket, or -1.
static inline int splits_dbus_fd(DBusConnection *connection) {
  int fd = -1;
  if (!dbus_connection_get_unix_fd(connection, &fd)) return -1;
  return fd;
}

/// Closes and releases a private connection.
static inline void splits_dbus_close(DBusConnection *connection) {
  dbus_connection_close(connection);
  dbus_connection_unref(connection);
}

/// Queues `message`; its serial, or 0 when it could not be queued (no memory).
static inline dbus_uint32_t splits_dbus_send(DBusConnection *connection, DBusMessage *message) {
  dbus_uint32_t serial = 0;
  if (!dbus_connection_send(connection, message, &serial)) return 0;
  return serial;
}

static inline int splits_dbus_type_invalid(void) { return DBUS_TYPE_INVALID; }
static inline int splits_dbus_message_method_call(void) { return DBUS_MESSAGE_TYPE_METHOD_CALL; }
static inline int splits_dbus_message_method_return(void) { return DBUS_MESSAGE_TYPE_METHOD_RETURN; }
static inline int splits_dbus_message_error(void) { return DBUS_MESSAGE_TYPE_ERROR; }
static inline int splits_dbus_message_signal(void) { return DBUS_MESSAGE_TYPE_SIGNAL; }

/// A byte array's elements, read at `iterator` (which points into an array of bytes).
static inline int splits_dbus_read_bytes(DBusMessageIter *iterator, const unsigned char **bytes) {
  int count = 0;
  dbus_message_iter_get_fixed_array(iterator, bytes, &count);
  return count;
}

/// Appends `count` bytes to an array container being written.
static inline dbus_bool_t splits_dbus_append_bytes(DBusMessageIter *array, const unsigned char *bytes, int count) {
  return dbus_message_iter_append_fixed_array(array, DBUS_TYPE_BYTE, &bytes, count);
}

#endif
