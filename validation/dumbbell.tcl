# A Chodorek cell in ns-2.35 (issue #20): paced video and K TCP NewReno flows sharing one
# drop-tail bottleneck, the set-up of mmperf.networks.shared_bottleneck.
#
#   ns dumbbell.tcl <video schedule> <tcp starts> <out> <bandwidth_bps> <one_way_delay_s>
#                   <queue_limit> <t_end_s> <rwnd_packets>
#
# <video schedule>: one line per video packet, "<send time [s]> <wire bytes>", all streams merged
# in time order; one UDP agent (fid 0) sends each at its time. <tcp starts>: one line per TCP
# flow, its start time [s]; flow k is an Agent/TCP/Newreno (fid k + 1, 1500-byte packets) with an
# FTP source and a TCPSink (an ACK per segment). Every agent sits on the bottleneck's input node
# r1 and every sink on r2, so the round trip is 2 x one_way_delay plus transmission times. A flow
# monitor on r1 -> r2 counts each flow's arrivals, drops and departures; at t_end they are written
# to <out>, one line per flow: "fid parrivals pdrops pdepartures barrivals bdrops bdepartures",
# then one line per TCP agent: "tcp k ndatapack nrexmitpack ncwndcuts".

if {$argc != 8} {
    puts stderr "usage: ns dumbbell.tcl video_schedule tcp_starts out bw_bps delay_s qlim t_end rwnd"
    exit 2
}
lassign $argv vfile sfile outfile bw delay qlim tend rwnd

set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 $bw ${delay}s DropTail
$ns queue-limit $r1 $r2 $qlim
$ns queue-limit $r2 $r1 $qlim
set fmon [$ns makeflowmon Fid]
$ns attach-fmon [$ns link $r1 $r2] $fmon

# a sender on r1 and its sink on r2, connected
proc pair {src sink} {
    global ns r1 r2
    $ns attach-agent $r1 $src
    $ns attach-agent $r2 $sink
    $ns connect $src $sink
}

# the video: one UDP agent replaying the merged schedule (packetSize_ above every packet: one
# send, one packet of exactly the given size)
set udp [new Agent/UDP]
$udp set packetSize_ 2000
$udp set fid_ 0
pair $udp [new Agent/Null]
set fh [open $vfile r]
set nv 0
while {[gets $fh line] >= 0} {
    lassign $line t bytes
    $ns at $t "$udp send $bytes"
    incr nv
}
close $fh

# the TCP flows: RFC 6582 NewReno (ns-2's defaults newreno_changes1_ 1, partial_window_deflation_ 1),
# 1460 + 40 = 1500-byte packets, a large window, initial window 2, no SYN, RTO as RFC 6298 with a
# 0.2-s minimum, 1 s initially, a 1-ms clock
set tcps {}
set fh [open $sfile r]
set k 0
while {[gets $fh line] >= 0} {
    set tcp [new Agent/TCP/Newreno]
    $tcp set fid_ [expr {$k + 1}]
    $tcp set packetSize_ 1460
    $tcp set window_ $rwnd
    $tcp set ssthresh_ $rwnd
    $tcp set windowInit_ 2
    $tcp set maxburst_ 0
    $tcp set syn_ false
    $tcp set delay_growth_ false
    $tcp set minrto_ 0.2
    $tcp set maxrto_ 60
    $tcp set rtxcur_init_ 1.0
    $tcp set tcpTick_ 0.001
    pair $tcp [new Agent/TCPSink]
    set ftp [new Application/FTP]
    $ftp attach-agent $tcp
    $ns at [string trim $line] "$ftp start"
    lappend tcps $tcp
    incr k
}
close $fh
puts "video packets $nv, TCP flows $k"

proc finish {} {
    global fmon outfile tcps
    set out [open $outfile w]
    foreach f [$fmon flows] {
        puts $out "[$f set flowid_] [$f set parrivals_] [$f set pdrops_] [$f set pdepartures_] [$f set barrivals_] [$f set bdrops_] [$f set bdepartures_]"
    }
    set k 0
    foreach t $tcps {
        puts $out "tcp $k [$t set ndatapack_] [$t set nrexmitpack_] [$t set ncwndcuts_] [$t set nrexmit_]"
        incr k
    }
    close $out
    exit 0
}
$ns at $tend "finish"
$ns run
