"""Transports and signalling: UDP/RTP, TCP, SCTP, CMT-SCTP, the IP TFD option."""

__all__ = []
